"""The fast paths of the second survey of small calls, against NumPy: the 0-d free list
(elements, element arithmetic, `xt.float64(3.0)`), the `**` slot, and `ldexp` through NumPy's
own ufunc. Each call runs twice (the full path records the plan the second call takes), and
the pure-Python twins run the same checks under XTENSOR_PURE_PYTHON=1."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

import xtensor as xt

from .oracle import assert_same

NUMBERS = ("bool", "int8", "uint16", "int32", "int64", "uint64", "float16", "float32")
NUMBERS += ("float64", "complex64", "complex128")


def _twice(fn, *args):
    """fn(*args) twice (the full path, then the recorded fast one), both answers."""
    return fn(*args), fn(*args)


def _same_value(got, want) -> None:
    """An xtensor 0-d answer against NumPy's scalar: value, dtype, 0-d-ness and printing."""
    assert isinstance(got, xt.Array) and got.ndim == 0
    assert_same(got, np.asarray(want), signed_zeros=True)
    assert str(got) == str(want)


@pytest.mark.parametrize("dtype", NUMBERS)
def test_elements_and_their_reuse(dtype):
    base = np.arange(1, 7).astype(dtype)
    a = xt.asarray(base)
    for i in range(-6, 6):
        for e in _twice(a.__getitem__, i):
            _same_value(e, base[i])
    kept = [a[i] for i in range(6)]  # alive: none of them may be handed out again
    fresh = [a[5 - i] for i in range(6)]
    assert [k.item() for k in kept] == base.tolist()
    assert [f.item() for f in fresh] == base[::-1].tolist()
    M = xt.asarray(base.reshape(2, 3)[:, ::-1])  # a non-contiguous view
    _same_value(M[1, 2], base.reshape(2, 3)[:, ::-1][1, 2])


def test_a_changed_element_is_not_reused():
    a = xt.asarray(np.linspace(0.1, 2, 20))
    e = a[3]
    e._data.flags.writeable = False
    del e
    for _ in range(20):
        assert a[2]._data.flags.writeable
    held = a[4]
    data = held._data  # a second reference: the array must outlive its Array untouched
    del held
    for i in range(20):
        a[i] * a[i]
    assert data == a[4] and data.flags.owndata


PAIRS = [("float64", "float64"), ("float64", "int64"), ("int64", "int64"), ("int8", "uint8")]
PAIRS += [("float32", "float64"), ("complex128", "float64"), ("bool", "int16")]


@pytest.mark.parametrize(("t1", "t2"), PAIRS)
@pytest.mark.parametrize("op", ["add", "sub", "mul", "truediv", "pow"])
@np.errstate(all="warn")  # (conftest ignores them)
def test_element_arithmetic_is_numpy_scalar_arithmetic(t1, t2, op):
    import operator

    n1, n2 = np.asarray([3, 2, 0], dtype=t1), np.asarray([2, 0, 1], dtype=t2)
    x1, x2 = xt.asarray(n1), xt.asarray(n2)
    fn = getattr(operator, op)
    for i in range(3):
        with warnings.catch_warnings(record=True) as want_w:
            warnings.simplefilter("always")
            try:
                want = fn(n1[i], n2[0 if op == "pow" else i])
            except Exception as e:  # noqa: BLE001 - the same refusal is expected
                want = e
        for _ in range(2):
            with warnings.catch_warnings(record=True) as got_w:
                warnings.simplefilter("always")
                if isinstance(want, Exception):
                    with pytest.raises(type(want)):
                        fn(x1[i], x2[0 if op == "pow" else i])
                    continue
                got = fn(x1[i], x2[0 if op == "pow" else i])
            _same_value(got, want)
            # (the same warnings; their words say "in divide" where NumPy's say "in scalar
            # divide": only `*` of complex values and `**` take NumPy's scalar arithmetic)
            assert [w.category for w in got_w] == [w.category for w in want_w]


@pytest.mark.parametrize("other", [3, -1, 2, 0.5, 2.0, -0.0, 1j, True])
def test_power_slot_both_ways(other):
    n = np.asarray([1.5, -2.0, 0.0])
    x = xt.asarray(n)
    for i in range(3):
        with np.errstate(all="ignore"):
            _same_value(x[i] ** other, n[i] ** other)
            _same_value(other ** x[i], other ** n[i])
    with np.errstate(all="ignore"):
        assert_same(x**other, n**other)
        assert_same(other**x, other**n)
    with pytest.raises(TypeError):
        pow(x[0], 2, 3)  # NumPy's scalars take no modulus either
    with pytest.raises(TypeError):
        pow(np.float64(1.5), 2, 3)


@np.errstate(all="warn")
def test_power_warns_as_numpy_s_scalars():
    x = xt.asarray([1e300])[0]
    with pytest.warns(RuntimeWarning, match="overflow encountered in scalar power"):
        r = x**2.0
    assert r.item() == np.inf


@pytest.mark.parametrize(
    ("dtype", "value"),
    [("float64", 3.0), ("float64", -0.0), ("float64", float("nan")), ("int64", 5),
     ("int64", -(2**63)), ("int64", 2**63 - 1), ("bool", True), ("bool", False),
     ("complex128", 1 - 2j), ("float64", 3), ("int64", 2.5), ("float32", 1e40),
     ("int64", 2**63), ("int8", 300), ("uint8", -1)],
)  # fmt: skip
def test_dtype_call_of_a_python_number(dtype, value):
    with warnings.catch_warnings(record=True) as want_w:
        warnings.simplefilter("always")
        try:
            want = np.asarray(value, dtype=dtype)
        except Exception as e:  # noqa: BLE001
            want = e
    for _ in range(2):
        if isinstance(want, Exception):
            with pytest.raises(type(want)):
                getattr(xt, dtype)(value)
            continue
        with warnings.catch_warnings(record=True) as got_w:
            warnings.simplefilter("always")
            got = getattr(xt, dtype)(value)
        assert_same(got, want, signed_zeros=True)
        assert len(got_w) == len(want_w)


def _ldexp_want(x, e):
    """NumPy's ldexp with the exponent clamped to int32 (xtensor's documented reading)."""
    limit = 2**31 - 1
    if type(e) is int:
        e = np.int32(max(-limit, min(limit, e)))
    elif type(e) is not bool and e.dtype.kind in "iu" and e.dtype.itemsize >= 4:
        e = np.clip(e.astype(np.int64), -limit, limit).astype(np.int32)
    return np.ldexp(x, e)


EXPONENTS = [2, 0, -3, 2**31 - 1, -(2**31), 2**31, -(2**40), 2**70, True]


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
@pytest.mark.parametrize("e", EXPONENTS)
def test_ldexp_with_a_python_exponent(dtype, e):
    base = np.array([1.5, -2.0, 0.0, np.inf, np.nan, 5e-5, 3.0, 7.0]).astype(dtype)
    for n in (base, base[::-2], base[:0], base[2]):
        x = xt.asarray(n) if n.ndim else xt.asarray(base)[2]
        with np.errstate(all="ignore"):
            want = _ldexp_want(n, e)
            for got in _twice(xt.ldexp, x, e):
                assert_same(got, want, signed_zeros=True)


@pytest.mark.parametrize(
    "etype", ["bool", "int8", "int16", "int32", "int64", "uint8", "uint32", "uint64"]
)
def test_ldexp_with_an_exponent_array(etype):
    x = np.array([1.5, -2.0, 0.0, 3.0])
    big = 2**40 if etype == "int64" else 1
    e = np.array([1, 0, big, 1]).astype(etype)
    for ex in (e, e[::-1], e[1]):
        with np.errstate(all="ignore"):
            want = _ldexp_want(x, np.asarray(ex))
            for got in _twice(xt.ldexp, xt.asarray(x), xt.asarray(ex)):
                assert_same(got, want)
    with pytest.raises(TypeError):
        xt.ldexp(xt.asarray(x), xt.asarray([1.0]))


@np.errstate(all="warn")
def test_ldexp_warns_at_the_caller_and_keeps_its_errors():
    x = xt.asarray([1.0, 2.0])
    for _ in range(2):
        with pytest.warns(RuntimeWarning, match="overflow encountered in ldexp") as w:
            xt.ldexp(x, 2000)
        assert w[0].filename == __file__
    with np.errstate(over="raise"), pytest.raises(FloatingPointError):
        xt.ldexp(x, 2000)


@pytest.mark.parametrize(
    "n",
    [np.arange(20.0).reshape(4, 5), np.arange(20.0).reshape(4, 5).T, np.arange(6)[::-2],
     np.array(3.0), np.zeros((0, 3)).T, np.arange(8, dtype=">i4").reshape(2, 4).T],
)  # fmt: skip
def test_ascontiguousarray(n):
    x = xt.asarray(n)
    n = x._data  # (big-endian data is read in native order)
    want = np.ascontiguousarray(n)
    for got in _twice(xt.ascontiguousarray, x):
        assert_same(got, want)
        assert got.flags.c_contiguous
        assert (got is x) == (want is n)
        assert np.shares_memory(np.asarray(got), n) == np.shares_memory(want, n)
    assert_same(xt.ascontiguousarray(x, "float32"), np.ascontiguousarray(n, "float32"))
    assert_same(xt.ascontiguousarray(x, dtype=None), want)
    assert_same(xt.ascontiguousarray(n.tolist()), np.ascontiguousarray(n.tolist()))


_PURE = """
import operator, warnings
import numpy as np, xtensor as xt
from xtensor._dispatch.compiled import CFAST
assert CFAST is None
a, n = xt.asarray(np.linspace(0.1, 2, 20)), np.linspace(0.1, 2, 20)
for _ in range(2):
    for op in (operator.mul, operator.pow, operator.add):
        r, w = op(a[3], a[2]), op(n[3], n[2])
        assert r.ndim == 0 and r.dtype == w.dtype and r.item() == w and str(r) == str(w)
    assert (2.0 ** a[3]).item() == 2.0 ** n[3]
    assert xt.float64(3.0).item() == 3.0 and xt.float64(3.0).ndim == 0
    for e in (2, 2**40, True):
        got = np.asarray(xt.ldexp(a, e))
        assert got.dtype == np.float64
        with np.errstate(all="ignore"):
            assert np.array_equal(got, np.ldexp(n, min(e, 2**31 - 1)))
M = xt.asarray(np.arange(20.0).reshape(4, 5))
assert xt.ascontiguousarray(M) is M and xt.ascontiguousarray(M.T).flags.c_contiguous
print("ok")
"""


def test_pure_python_twins():
    env = dict(os.environ, XTENSOR_PURE_PYTHON="1")
    done = subprocess.run(
        [sys.executable, "-c", _PURE], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
