"""The cases of benchmarks/bench_suite.py: one record per case, grouped by category.

A case names its category, a label, a factory for its NumPy input arrays and one expression
written once for every library: `op(m, *args)` with `m` the library's module (numpy,
xtensor or torch) and `args` that library's arrays. Where torch spells an op differently the
case gives its own torch expression (`torch_op`), or None when torch has no counterpart.
Expressions also get a numexpr string, and an `xtensor.fuse` column when xtensor has one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

import xtensor as xt

try:
    import torch
except ImportError:  # optional: pip install -e ".[bench]"
    torch = None
try:
    import numexpr
except ImportError:  # optional: pip install -e ".[bench]"
    numexpr = None

SAME = "same"  # torch_op: the case's own `op` works on torch tensors as written


@dataclass(frozen=True)
class Case:
    category: str
    name: str
    inputs: object  # () -> tuple of NumPy arrays (fresh ones: in-place cases write them)
    op: object  # op(module, *arrays) -> result
    torch_op: object = SAME  # SAME, None (no torch column) or op(torch, *tensors)
    numexpr: str | None = None  # the expression over inputs named a, b, c...
    fuse: object = None  # fn(*arrays) for `xtensor.fuse`, when the case is an expression


def _rand(*shape, dtype=np.float64, seed=0):
    rng = np.random.default_rng(seed)
    kind = np.dtype(dtype).kind
    if kind == "f":
        return np.asarray(rng.random(shape, dtype=np.dtype(dtype)))
    if kind == "b":
        return np.asarray(rng.random(shape) > 0.5)
    return np.asarray(rng.integers(-100, 100, shape).astype(dtype))


def _vecs(n, count, dtype=np.float64):
    return lambda: tuple(_rand(n, dtype=dtype, seed=i) for i in range(count))


def _arrays(*specs):
    """Inputs from (shape, dtype) pairs."""
    return lambda: tuple(_rand(*shape, dtype=dt, seed=i) for i, (shape, dt) in enumerate(specs))


def _spd(n):
    def make():
        a = _rand(n, n)
        return (a @ a.T + n * np.eye(n), _rand(n, seed=1))

    return make


def plus(m, a, b):
    return a + b


def times(m, a, b):
    return a * b


def matmul(m, a, b):
    return a @ b


def iadd(m, a, b):
    a += b
    return a


def _iadd(a, b):
    a += b
    return a


def _imul(a, b):
    a *= b
    return a


def fma(m, a, b, c):
    return a * b + c


def gauss(m, x, y, z):
    return m.exp(-(x**2) / 2) * m.sin(y) + 0.5 * z


GAUSS_NE = "exp(-a**2/2)*sin(b)+0.5*c"


def _tiny(n):
    size = f"n={n}"
    v1, v2, v3 = _vecs(n, 1), _vecs(n, 2), _vecs(n, 3)
    return [
        Case("tiny", f"add {size}", v2, lambda m, a, b: m.add(a, b)),
        Case("tiny", f"x * 2.0 {size}", v1, lambda m, a: a * 2.0),
        Case("tiny", f"exp {size}", v1, lambda m, a: m.exp(a)),
        Case("tiny", f"sum {size}", v1, lambda m, a: m.sum(a)),
        Case("tiny", f"max {size}", v1, lambda m, a: m.max(a)),
        Case("tiny", f"mean {size}", v1, lambda m, a: m.mean(a)),
        Case("tiny", f"a*b+c {size}", v3, fma, numexpr="a*b+c", fuse=lambda a, b, c: a * b + c),
        Case("tiny", f"x[2:8] {size}", v1, lambda m, a: a[2:8]),
    ]


def _medium():
    n = 10**6
    v1, v2, v3 = _vecs(n, 1), _vecs(n, 2), _vecs(n, 3)
    return [
        Case("medium", "add f64", v2, lambda m, a, b: m.add(a, b)),
        Case("medium", "add f32", _vecs(n, 2, np.float32), lambda m, a, b: m.add(a, b)),
        Case("medium", "a*b+c f64", v3, fma, numexpr="a*b+c", fuse=lambda a, b, c: a * b + c),
        Case("medium", "x * 2.0 f64", v1, lambda m, a: a * 2.0),
        Case("medium", "exp f32", _vecs(n, 1, np.float32), lambda m, a: m.exp(a)),
        Case("medium", "max f64", v1, lambda m, a: m.max(a)),
        Case("medium", "argmax f64", v1, lambda m, a: m.argmax(a)),
        Case("medium", "sum f64", v1, lambda m, a: m.sum(a)),
        Case("medium", "mean f64", v1, lambda m, a: m.mean(a)),
        Case("medium", "sum f32", _vecs(n, 1, np.float32), lambda m, a: m.sum(a)),
        Case(
            "medium",
            "(1000,1000)+(1000,)",
            _arrays(((1000, 1000), None), ((1000,), None)),
            plus,
        ),
        Case("medium", "where(x>.5,x,0)", v1, lambda m, a: m.where(a > 0.5, a, 0.0)),
    ]


def _large():
    n = 10**7
    f1, f2 = _vecs(n, 1, np.float32), _vecs(n, 2, np.float32)
    return [
        Case("large", "add f32", f2, lambda m, a, b: m.add(a, b)),
        Case("large", "add f64", _vecs(n, 2), lambda m, a, b: m.add(a, b)),
        Case("large", "exp f32", f1, lambda m, a: m.exp(a)),
        Case("large", "sin f32", f1, lambda m, a: m.sin(a)),
        Case("large", "sum f32", f1, lambda m, a: m.sum(a)),
        Case("large", "max f32", f1, lambda m, a: m.max(a)),
        Case("large", "sum f64", _vecs(n, 1), lambda m, a: m.sum(a)),
        Case("large", "sqrt f64", _vecs(n, 1), lambda m, a: m.sqrt(a)),
    ]


def _broadcast():
    f4 = np.float32
    return [
        Case(
            "broadcast",
            "(2000,2000)*(2000,1) f32",
            _arrays(((2000, 2000), f4), ((2000, 1), f4)),
            times,
        ),
        Case(
            "broadcast",
            "(1000,1)+(1000,) outer",
            _arrays(((1000, 1), None), ((1000,), None)),
            plus,
        ),
        Case(
            "broadcast",
            "(100,100,100)+(100,1,100)",
            _arrays(((100, 100, 100), None), ((100, 1, 100), None)),
            plus,
        ),
        Case(
            "broadcast",
            "(1000,1000)-(1000,1000)[0]",
            _arrays(((1000, 1000), None)),
            lambda m, a: a - a[0],
        ),
        Case(
            "broadcast", "x + 1.0 (1000,1000)", _arrays(((1000, 1000), None)), lambda m, a: a + 1.0
        ),
    ]


def _noncontiguous():
    m2 = _arrays(((1000, 1000), None))
    return [
        Case("non-contiguous", "A.T + A (1000,1000)", m2, lambda m, a: a.T + a),
        Case(
            "non-contiguous",
            "x[::2] + y[::2]",
            _vecs(2 * 10**6, 2),
            lambda m, a, b: a[::2] + b[::2],
        ),
        Case(
            "non-contiguous",
            "exp(x[::3]) f32",
            _vecs(3 * 10**6, 1, np.float32),
            lambda m, a: m.exp(a[::3]),
        ),
        Case("non-contiguous", "sum(A.T, axis=0)", m2, lambda m, a: m.sum(a.T, axis=0)),
        Case("non-contiguous", "A[:, ::2] * 2.0", m2, lambda m, a: a[:, ::2] * 2.0),
        # torch has no negative strides
        Case(
            "non-contiguous",
            "x[::-1] + 1.0",
            _vecs(10**6, 1),
            lambda m, a: a[::-1] + 1.0,
            torch_op=None,
        ),
    ]


def _mixed():
    n = 10**6
    return [
        Case("mixed dtypes", "f32 + f64", _arrays(((n,), np.float32), ((n,), None)), plus),
        # NumPy and xtensor give float64, torch float32
        Case("mixed dtypes", "i32 + f32", _arrays(((n,), np.int32), ((n,), np.float32)), plus),
        Case("mixed dtypes", "i64 * 2.5", _arrays(((n,), np.int64)), lambda m, a: a * 2.5),
        Case("mixed dtypes", "i8 + i64", _arrays(((n,), np.int8), ((n,), np.int64)), plus),
        Case("mixed dtypes", "bool * f64", _arrays(((n,), np.bool_), ((n,), None)), times),
        Case("mixed dtypes", "f32 + 0-d f64", _arrays(((n,), np.float32), ((), None)), plus),
    ]


def _axis():
    m2 = _arrays(((2000, 2000), None))
    m4 = _arrays(((4000, 4000), np.float32))
    return [
        Case("axis reductions", "sum axis=0 (2000,2000)", m2, lambda m, a: m.sum(a, axis=0)),
        Case("axis reductions", "sum axis=1 (2000,2000)", m2, lambda m, a: m.sum(a, axis=1)),
        Case(
            "axis reductions",
            "max axis=0 (2000,2000)",
            m2,
            lambda m, a: m.max(a, axis=0),
            torch_op=lambda t, a: t.amax(a, dim=0),
        ),
        Case("axis reductions", "mean axis=1 (2000,2000)", m2, lambda m, a: m.mean(a, axis=1)),
        Case("axis reductions", "argmax axis=1 (2000,2000)", m2, lambda m, a: m.argmax(a, axis=1)),
        Case(
            "axis reductions",
            "var axis=0 (2000,2000)",
            m2,
            lambda m, a: m.var(a, axis=0),
            torch_op=lambda t, a: t.var(a, dim=0, correction=0),
        ),
        Case("axis reductions", "sum axis=0 (4000,4000) f32", m4, lambda m, a: m.sum(a, axis=0)),
        Case("axis reductions", "cumsum axis=1 (2000,2000)", m2, lambda m, a: m.cumsum(a, axis=1)),
    ]


def _linalg():
    f4 = np.float32
    return [
        Case(
            "linalg",
            "matmul (500,500)",
            _arrays(((500, 500), None), ((500, 500), None)),
            matmul,
        ),
        Case(
            "linalg",
            "matmul (1000,1000) f32",
            _arrays(((1000, 1000), f4), ((1000, 1000), f4)),
            matmul,
        ),
        Case(
            "linalg",
            "matmul (1000,)x(1000,1000)",
            _arrays(((1000,), None), ((1000, 1000), None)),
            matmul,
        ),
        Case("linalg", "solve (500,500)", _spd(500), lambda m, a, b: m.linalg.solve(a, b)),
        Case("linalg", "inv (300,300)", lambda: _spd(300)()[:1], lambda m, a: m.linalg.inv(a)),
        Case("linalg", "det (300,300)", lambda: _spd(300)()[:1], lambda m, a: m.linalg.det(a)),
        Case("linalg", "eigh (200,200)", lambda: _spd(200)()[:1], lambda m, a: m.linalg.eigh(a)),
        Case("linalg", "svd (200,200)", _arrays(((200, 200), None)), lambda m, a: m.linalg.svd(a)),
        Case(
            "linalg",
            "norm 10**6",
            _vecs(10**6, 1),
            lambda m, a: m.linalg.norm(a),
            torch_op=lambda t, a: t.linalg.vector_norm(a),
        ),
    ]


def _creation():
    n = 10**6
    f8 = "float64"

    def t_dtype(t):
        return t.float64

    return [
        Case(
            "creation",
            "zeros 10**7",
            tuple,
            lambda m: m.zeros(10**7),
            torch_op=lambda t: t.zeros(10**7, dtype=t_dtype(t)),
        ),
        Case(
            "creation",
            "ones 10**6",
            tuple,
            lambda m: m.ones(n),
            torch_op=lambda t: t.ones(n, dtype=t_dtype(t)),
        ),
        Case(
            "creation",
            "empty 10**6",
            tuple,
            lambda m: m.empty(n),
            torch_op=lambda t: t.empty(n, dtype=t_dtype(t)),
        ),
        Case(
            "creation",
            "full 10**6",
            tuple,
            lambda m: m.full(n, 3.0, dtype=f8),
            torch_op=lambda t: t.full((n,), 3.0, dtype=t_dtype(t)),
        ),
        Case("creation", "arange 10**6", tuple, lambda m: m.arange(n)),
        Case(
            "creation",
            "linspace 10**6",
            tuple,
            lambda m: m.linspace(0, 1, n),
            torch_op=lambda t: t.linspace(0, 1, n, dtype=t_dtype(t)),
        ),
        Case(
            "creation",
            "eye 1000",
            tuple,
            lambda m: m.eye(1000),
            torch_op=lambda t: t.eye(1000, dtype=t_dtype(t)),
        ),
        Case("creation", "zeros_like 10**6", _vecs(n, 1), lambda m, a: m.zeros_like(a)),
        Case(
            "creation",
            "zeros n=10",
            tuple,
            lambda m: m.zeros(10),
            torch_op=lambda t: t.zeros(10, dtype=t_dtype(t)),
        ),
    ]


def _inplace():
    n = 10**6
    return [
        Case("in-place", "x += y 10**6", _vecs(n, 2), iadd),
        Case(
            "in-place",
            "x *= 1.0000001 10**6",
            _vecs(n, 1),
            lambda m, a: _imul(a, 1.0000001),
        ),
        Case("in-place", "x += y n=10", _vecs(10, 2), iadd),
        Case("in-place", "x[::2] += 1.0", _vecs(n, 1), lambda m, a: _iadd(a[::2], 1.0)),
        Case(
            "in-place", "add(a, b, out=c) 10**6", _vecs(n, 3), lambda m, a, b, c: m.add(a, b, out=c)
        ),
        Case("in-place", "x += y 10**7 f32", _vecs(10**7, 2, np.float32), iadd),
        # between the fast paths' limit and where a memory-bound split pays (16 MiB operands)
        Case(
            "in-place",
            "x *= 1.0000001 2**21 f32",
            _vecs(2**21, 1, np.float32),
            lambda m, a: _imul(a, 1.0000001),
        ),
        Case(
            "in-place",
            "add(a, b, out=c) 2**21 f32",
            _vecs(2**21, 3, np.float32),
            lambda m, a, b, c: m.add(a, b, out=c),
        ),
    ]


def _fused():
    out = []
    for n, dtype, label in ((10**6, np.float64, "10**6 f64"), (10**7, np.float32, "10**7 f32")):
        v3 = _vecs(n, 3, dtype)
        out.append(
            Case(
                "fused", f"a*b+c {label}", v3, fma, numexpr="a*b+c", fuse=lambda a, b, c: a * b + c
            )
        )
        out.append(
            Case(
                "fused",
                f"exp(-x**2/2)*sin(y)+0.5*z {label}",
                v3,
                gauss,
                numexpr=GAUSS_NE,
                fuse=lambda x, y, z: gauss(xt, x, y, z),
            )
        )
    return out


def all_cases(quick: bool = False) -> list:
    cases = (
        _tiny(10)
        + _tiny(1000)
        + _medium()
        + _large()
        + _broadcast()
        + _noncontiguous()
        + _mixed()
        + _axis()
        + _linalg()
        + _creation()
        + _inplace()
        + _fused()
    )
    if quick:  # one or two cases per category, the ones the issue tracks first
        keep = {
            "add n=10",
            "sum n=1000",
            "add f64",
            "a*b+c f64",
            "max f64",
            "sum f64",
            "add f32",
            "argmax f64",
            "mean f64",
            "(1000,1000)+(1000,)",
            "sum f32",
            "max f32",
            "(1000,1)+(1000,) outer",
            "A.T + A (1000,1000)",
            "f32 + f64",
            "sum axis=0 (2000,2000)",
            "matmul (500,500)",
            "zeros 10**7",
            "x += y 10**6",
            "a*b+c 10**6 f64",
            "exp(-x**2/2)*sin(y)+0.5*z 10**6 f64",
        }
        cases = [c for c in cases if c.name in keep]
    return cases


def fused_callable(case: Case):
    """`xtensor.fuse(case.fuse)`, or None when xtensor has no `fuse` or it refuses the case."""
    if case.fuse is None or not hasattr(xt, "fuse"):
        return None
    try:
        return xt.fuse(case.fuse)
    except Exception:  # noqa: BLE001 - a fuse that is still being built: no column
        return None


def geomean(values) -> float:
    values = [v for v in values if v and v > 0]
    if not values:
        return float("nan")
    return math.exp(sum(math.log(v) for v in values) / len(values))
