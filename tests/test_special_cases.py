"""Every special-case clause of the standard's elementwise functions (data in
`special_case_data.py`), checked on both float widths, as 0-d arrays, as one strided 1-d array
per function, through the chunked (multi-thread) path, through the operators, and with a
Python-scalar operand. NumPy is not the oracle here: where it differs from the spec
(floor_divide with infinities, complex expm1/tanh/sign), the spec wins.
"""

from __future__ import annotations

import math
import operator

import numpy as np
import pytest

import xtensor as xt
from tests import special_case_data as data
from xtensor._iter.parallel import GRAIN_SIZE

REAL = ("float32", "float64")
COMPLEX = ("complex64", "complex128")
_REL = {"float32": 4e-7, "float64": 1e-15}


def _matches(got, token: str, named: dict, dtype: str) -> bool:
    """Whether the computed component `got` satisfies result token `token`."""
    if token in ("True", "False"):
        return bool(got) is (token == "True")
    any_sign, t = token.startswith("?"), token.lstrip("?")
    for name, v in named.items():  # x, x1, |x1|, -|x1|, |a| ...
        if t in (name, f"|{name}|", f"-|{name}|"):
            want = v if t == name else (-abs(v) if t.startswith("-") else abs(v))
            return _same(got, want, any_sign, dtype)
    want = data.value(t)
    if t.lstrip("+-") == "0":
        any_sign = any_sign or t == "0"  # the spec's unsigned "0 + 0j"
    if t.endswith("nan"):  # "nan": any NaN; "+nan"/"-nan": that sign bit too
        return math.isnan(got) and (t == "nan" or math.copysign(1, got) == math.copysign(1, want))
    return _same(got, want, any_sign, dtype)


def _same(got: float, want: float, any_sign: bool, dtype: str) -> bool:
    got, want = float(got), float(np.asarray(want, dtype=dtype))  # round want to the dtype
    if math.isnan(want):
        return math.isnan(got)
    if any_sign:
        got, want = abs(got), abs(want)
    if want == 0 or math.isinf(want):
        return got == want and math.copysign(1, got) == math.copysign(1, want)
    return math.isclose(got, want, rel_tol=_REL[dtype], abs_tol=0)


def _check(name, clause, inputs, out_tokens, got, dtype):
    named = {"x": inputs[0]} if len(inputs) == 1 else {"x1": inputs[0], "x2": inputs[1]}
    if dtype in COMPLEX:
        named = {"a": inputs[0], "b": inputs[1]}
        comps = (got.real, got.imag) if len(out_tokens) == 2 else (got,)
    else:
        comps = (got,)
    real = {"complex64": "float32", "complex128": "float64"}.get(dtype, dtype)
    ok = all(_matches(g, t, named, real) for g, t in zip(comps, out_tokens))
    assert ok, f"{name}({', '.join(map(repr, inputs))}) [{dtype}] gave {got!r}; spec: {clause}"


def _cases(table, name):
    return [c for c in data.expand({name: table[name]})]


def _inputs(cases, dtype, arity):
    """One strided (reversed, every other element) array per operand holding all samples."""
    cols = []
    for k in range(arity):
        values = np.array([c[2][k] for c in cases], dtype=np.float64)
        base = np.empty(2 * len(values), dtype=dtype)
        base[::-2] = values.astype(dtype)
        cols.append(base[::-2])
    return cols


def _complex_inputs(cases, dtype):
    z = np.empty(2 * len(cases), dtype=dtype)[::-2]
    z.real = np.array([c[2][0] for c in cases])
    z.imag = np.array([c[2][1] for c in cases])
    return z


def _run_table(table, name, dtype, make, call):
    cases = _cases(table, name)
    got = np.asarray(call(*make(cases)))
    assert got.shape == (len(cases),)
    for (fname, clause, ins, outs), g in zip(cases, got.tolist()):
        _check(fname, clause, ins, outs, g, dtype)
    return cases


@pytest.mark.parametrize("dtype", REAL)
@pytest.mark.parametrize("name", sorted(data.UNARY_REAL))
def test_unary_real(name, dtype):
    func = getattr(xt, name)
    cases = _run_table(
        data.UNARY_REAL, name, dtype, lambda c: [xt.asarray(a) for a in _inputs(c, dtype, 1)], func
    )
    for fname, clause, ins, outs in cases:  # 0-d arrays take the small-call path
        got = func(xt.asarray(ins[0], dtype=getattr(xt, dtype)))
        _check(fname, clause, ins, outs, got._data.item(), dtype)


@pytest.mark.parametrize("dtype", REAL)
@pytest.mark.parametrize("name", sorted(data.BINARY_REAL))
def test_binary_real(name, dtype):
    func = getattr(xt, name)
    cases = _run_table(
        data.BINARY_REAL, name, dtype, lambda c: [xt.asarray(a) for a in _inputs(c, dtype, 2)], func
    )
    for fname, clause, ins, outs in cases:  # 0-d array with a Python float on either side
        x1 = xt.asarray(ins[0], dtype=getattr(xt, dtype))
        x2 = xt.asarray(ins[1], dtype=getattr(xt, dtype))
        _check(fname, clause, ins, outs, func(x1, float(ins[1]))._data.item(), dtype)
        _check(fname, clause, ins, outs, func(float(ins[0]), x2)._data.item(), dtype)


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("name", sorted(data.UNARY_COMPLEX))
def test_unary_complex(name, dtype):
    func = getattr(xt, name)
    cases = _run_table(
        data.UNARY_COMPLEX, name, dtype, lambda c: [xt.asarray(_complex_inputs(c, dtype))], func
    )
    for fname, clause, ins, outs in cases:
        got = func(xt.asarray(complex(*ins), dtype=getattr(xt, dtype)))
        _check(fname, clause, ins, outs, got._data.item(), dtype)


_OPERATORS = {
    "add": operator.add,
    "subtract": operator.sub,
    "multiply": operator.mul,
    "divide": operator.truediv,
    "floor_divide": operator.floordiv,
    "remainder": operator.mod,
    "pow": operator.pow,
    "equal": operator.eq,
    "not_equal": operator.ne,
}
_INPLACE = {
    "add": operator.iadd,
    "subtract": operator.isub,
    "multiply": operator.imul,
    "divide": operator.itruediv,
    "floor_divide": operator.ifloordiv,
    "remainder": operator.imod,
    "pow": operator.ipow,
}


@pytest.mark.parametrize("name", sorted(_OPERATORS))
def test_operators(name):
    dtype = "float64"
    _run_table(
        data.BINARY_REAL,
        name,
        dtype,
        lambda c: [xt.asarray(a) for a in _inputs(c, dtype, 2)],
        _OPERATORS[name],
    )


@pytest.mark.parametrize("name", sorted(_INPLACE))
def test_inplace_operators(name):
    """In place, the fix-ups must still see x1's original values (x //= y overwrites x1)."""

    def inplace(x1, x2):
        target = xt.asarray(x1, copy=True)
        result = _INPLACE[name](target, x2)
        assert result is target
        return target

    _run_table(
        data.BINARY_REAL,
        name,
        "float64",
        lambda c: [xt.asarray(a) for a in _inputs(c, "float64", 2)],
        inplace,
    )


@pytest.mark.parametrize("inplace", [False, True])
@pytest.mark.parametrize("dtype", REAL)
def test_pow_scalar_half(dtype, inplace):
    """NumPy turns x ** 0.5 with a broadcast exponent into sqrt(x); the pow clauses still hold."""
    x = xt.asarray([-math.inf, -0.0, 4.0, math.inf], dtype=getattr(xt, dtype))
    if inplace:
        x **= 0.5
        got = np.asarray(x)
    else:
        got = np.asarray(x**0.5)
    np.testing.assert_array_equal(got, np.array([math.inf, 0.0, 2.0, math.inf], dtype=dtype))
    assert not np.signbit(got[1])


@pytest.mark.parametrize("name", ["floor_divide", "expm1", "tanh", "sign"])
def test_fixups_in_parallel_chunks(name):
    """The fix-ups run per chunk: a large, strided operand must give the same answers."""
    table = data.UNARY_COMPLEX if name != "floor_divide" else data.BINARY_REAL
    dtype = "complex128" if name != "floor_divide" else "float64"
    cases = _cases(table, name)
    reps = 2 * GRAIN_SIZE // len(cases) + 3
    if name == "floor_divide":
        cols = [np.tile(a, reps)[::-1] for a in _inputs(cases, dtype, 2)]
    else:
        cols = [np.tile(_complex_inputs(cases, dtype), reps)[::-1]]
    got = np.asarray(getattr(xt, name)(*[xt.asarray(c) for c in cols]))[::-1]
    for i, g in enumerate(got[: len(cases) * 2].tolist()):
        fname, clause, ins, outs = cases[i % len(cases)]
        _check(fname, clause, ins, outs, g, dtype)


# --- identities the spec states instead of listing clauses -----------------------------------

_GRID = (0.0, -0.0, 1.5, -2.5, math.inf, -math.inf, math.nan)
_Z = np.array([complex(a, b) for a in _GRID for b in _GRID])


def _agree(got, want, rel=1e-12):
    """Componentwise: both NaN, or equal (signs of zeros and infinities too, except beside a
    NaN part, where the spec leaves them open, as in cosh(+0 + inf j) = NaN ± 0j), or close."""
    open_sign = np.isnan(got.real) | np.isnan(got.imag)
    for g, w in ((got.real, want.real), (got.imag, want.imag)):
        nan = np.isnan(g) & np.isnan(w)
        exact = ((g == w) & (np.signbit(g) == np.signbit(w))) | (open_sign & (abs(g) == abs(w)))
        finite = np.isfinite(g) & np.isfinite(w) & (w != 0)
        close = finite & np.isclose(g, w, rtol=rel, atol=0)
        yield nan | exact | close


def _mul_i(z):
    return np.array([complex(-v.imag, v.real) for v in z.tolist()])


def _mul_neg_i(w):
    return np.array([complex(v.imag, -v.real) for v in w.tolist()])


@pytest.mark.parametrize("name", sorted(data.AS_IF))
def test_as_if_definitions(name):
    """asin(z) == -1j * asinh(z * 1j) and friends, with the rotations done componentwise."""
    inner = data.AS_IF[name]
    got = np.asarray(getattr(xt, name)(xt.asarray(_Z)))
    rotated = np.asarray(getattr(xt, inner)(xt.asarray(_mul_i(_Z))))
    want = rotated if name == "cos" else _mul_neg_i(rotated)
    # The spec leaves the sign of some infinite components of the inner function open.
    for ok, g, w in zip(_agree(got, want), (got.real, got.imag), (want.real, want.imag)):
        ok = ok | (np.isinf(g) & np.isinf(w))
        assert ok.all(), f"{name} != rotated {inner} at {_Z[~ok]}: {got[~ok]} vs {want[~ok]}"


@pytest.mark.parametrize("name", sorted(data.ODD + data.EVEN))
def test_odd_even_symmetry(name):
    func = getattr(xt, name)
    for z in (_Z, np.array(_GRID)):
        got = np.asarray(func(xt.asarray(-z)))
        want = np.asarray(func(xt.asarray(z)))
        sign = "" if name in data.EVEN else "-"
        want = want if name in data.EVEN else -want
        for ok in _agree(got.astype(complex), want.astype(complex)):
            assert ok.all(), f"{name}(-x) != {sign}{name}(x) at {z[~ok]}"


@pytest.mark.parametrize("name", sorted(data.CONJ_SYMMETRIC))
def test_conj_symmetry(name):
    func = getattr(xt, name)
    got = np.asarray(func(xt.asarray(np.conj(_Z))))
    want = np.conj(np.asarray(func(xt.asarray(_Z))))
    for ok in _agree(got, want):
        assert ok.all(), f"{name}(conj(z)) != conj({name}(z)) at {_Z[~ok]}"


def test_floor_divide_integer_semantics():
    """Integer floor division rounds toward -inf, as Python's // does (x2 != 0)."""
    a = np.arange(-7, 8, dtype=np.int16)
    for d in (-3, -1, 2, 5):
        got = np.asarray(xt.floor_divide(xt.asarray(a), d))
        np.testing.assert_array_equal(got, np.array([int(v) // d for v in a], dtype=np.int16))


def test_tanh_infinite_real_part_keeps_the_sign_of_b():
    # The spec: +inf + bj with finite b > 0 gives 1 + 0j, whatever the sign of sin(2b)
    # (C99 and NumPy use sin(2b)'s sign: b = 2 gives 1 - 0j there).
    b = np.array([2.0, 9.28469612479919e153, -2.0, 3.0])
    z = xt.asarray(np.concatenate([np.inf + 1j * b, -np.inf + 1j * b]))
    out = np.asarray(xt.tanh(z))
    np.testing.assert_array_equal(out.real, [1, 1, 1, 1, -1, -1, -1, -1])
    np.testing.assert_array_equal(np.signbit(out.imag), np.signbit(np.concatenate([b, b])))


_UFUNC_TABLES = [
    (name, table)
    for table in (data.UNARY_REAL, data.BINARY_REAL)
    for name in sorted(table)
    if isinstance(getattr(xt, name), xt.ufunc)
]


@pytest.mark.parametrize("option", ["out", "aliased out", "where", "dtype"])
@pytest.mark.parametrize("name, table", _UFUNC_TABLES, ids=[n for n, _ in _UFUNC_TABLES])
def test_ufunc_options_keep_the_clauses(name, table, option):
    """A ufunc call with options runs the same fix-ups as the plain call."""
    func, arity = getattr(xt, name), 1 if table is data.UNARY_REAL else 2

    def call(*xs):
        plain = func(*xs)
        if option == "out":
            out = xt.empty_like(plain)
            assert func(*xs, out=out) is out
            return out
        if option == "aliased out":
            target = xt.asarray(xs[0], copy=True)
            return func(target, *xs[1:], target) if target.dtype == plain.dtype else plain
        if option == "where":
            mask = xt.ones(plain.shape, dtype=xt.bool)
            return func(*xs, out=xt.empty_like(plain), where=mask)
        return func(*xs, dtype=plain.dtype)

    _run_table(
        table,
        name,
        "float64",
        lambda c: [xt.asarray(a) for a in _inputs(c, "float64", arity)],
        call,
    )
