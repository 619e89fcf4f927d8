"""Generated kernels executed on the CPU (g++ + xt_hostsim.h) and compared with NumPy.

Two parts:
- special values: every op x dtype, contiguous kernel, over the standard's special values
  (all pairs for binary ops); the reference is NumPy, patched where the standard and NumPy
  differ (see ``reference``);
- layouts: vectorized with tails and misaligned pointers, strided (transposed, negative and
  zero strides), dynamic casting, LHS/RHS scalars, 64-bit indexing, 32-bit splits (made by
  the iterator's ``TensorIter.split_32bit``, one LaunchPlan per piece, as the CUDA backend
  does) and dimension splits, all with the variant plan.choose_variant picks.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from tests.test_jit_codegen import OPS, make_desc
from xtensor._iter import IterFlags, build
from xtensor._jit.descriptor import ScalarPos, Variant
from xtensor._jit.hostsim import build_modules, have_compiler
from xtensor._jit.hostsim.driver import elementwise_entry, reduction_entry
from xtensor._jit.plan import LaunchPlan, choose_variant, split_ndim
from xtensor._jit.reduction import ReductionPlan, descriptor_for, reduction_args

pytestmark = pytest.mark.skipif(not have_compiler(), reason="no C++ compiler")

NUMPY = {
    "acos": np.arccos,
    "acosh": np.arccosh,
    "asin": np.arcsin,
    "asinh": np.arcsinh,
    "atan": np.arctan,
    "atan2": np.arctan2,
    "atanh": np.arctanh,
    "pow": np.power,
    "bitwise_left_shift": np.left_shift,
    "bitwise_right_shift": np.right_shift,
    "bitwise_invert": np.invert,
    "conj": np.conjugate,
    "round": np.round,
}

F_SPECIAL = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    -0.5,
    1.5,
    2.5,
    -2.5,
    3.0,
    -7.0,
    0.1,
    100.0,
    1e30,
    -1e30,
    math.inf,
    -math.inf,
    math.nan,
    -math.nan,
]
C_PARTS = [0.0, -0.0, 1.0, -1.5, 0.25, 3.0, math.inf, -math.inf, math.nan]


def special_values(dtype: str) -> np.ndarray:
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return np.array([False, True])
    if dt.kind in "iu":
        info, bits = np.iinfo(dt), dt.itemsize * 8
        vals = [0, 1, 2, 3, 5, 7, 100 % info.max, bits - 1, bits, bits + 1, info.max, info.min]
        if dt.kind == "i":
            vals += [-1, -2, -3, -7, info.min + 1]
        return np.array(sorted(set(vals)), dtype=dt)
    if dt.kind == "f":
        return np.array(F_SPECIAL, dtype=dt)
    return np.array([complex(a, b) for a in C_PARTS for b in C_PARTS], dtype=dt)


def reference(op: str, dtype: str, args: list[np.ndarray]) -> np.ndarray:
    fn = NUMPY.get(op) or getattr(np, op)
    if op == "clip":
        return np.minimum(np.maximum(args[0], args[1]), args[2])
    if op == "reciprocal":
        return np.divide(np.ones((), dtype), args[0])
    if op == "pow" and np.dtype(dtype).kind == "i":
        a, b = args
        neg = b < 0
        return np.where(
            neg,
            np.where(a == 1, 1, np.where(a == -1, np.where(b % 2, -1, 1), 0)),
            np.power(a, np.where(neg, 0, b)),
        ).astype(dtype)
    out = fn(*args)
    if op == "floor_divide" and np.dtype(dtype).kind == "f":
        # The standard prefers floor(x1 / x2) for infinities; NumPy follows Python.
        a, b = args
        inf = (np.isinf(a) | np.isinf(b)) & ~np.isnan(a) & ~np.isnan(b)
        out = np.where(inf, a / b, out)
    if op == "expm1" and np.dtype(dtype).kind == "c":
        # NumPy's complex expm1 is the naive formula; the standard's table is exp(z) - 1's.
        z = args[0]
        e = np.exp(z)
        spec = np.empty_like(z)
        spec.real, spec.imag = e.real - 1, e.imag
        out = np.where(np.isfinite(z), out, spec)
    if op == "sign" and np.dtype(dtype).kind == "c":
        # The standard: a NaN component gives NaN + NaN j (NumPy lets an infinity win).
        z = args[0]
        nan = np.complex128(complex(math.nan, math.nan))
        out = np.where(np.isnan(z.real) | np.isnan(z.imag), nan, out).astype(dtype)
    return np.asarray(out)


def op_inputs(op: str, dtype: str) -> list[np.ndarray]:
    nin = OPS[op][0]
    vals = special_values(dtype)
    if nin == 1:
        if np.dtype(dtype).kind in "fc":  # and ordinary values, for accuracy
            rng = np.random.default_rng(0)
            extra = rng.uniform(-4, 4, 64) * 10.0 ** rng.integers(-3, 2, 64)
            if np.dtype(dtype).kind == "c":
                extra = extra + 1j * rng.uniform(-4, 4, 64)
            vals = np.concatenate([vals, extra.astype(dtype)])
        return [vals]
    if nin == 3:
        small = vals[:: max(1, len(vals) // 6)]
        grid = list(itertools.product(small, repeat=3))
        return [np.array([g[k] for g in grid], dtype=dtype) for k in range(3)]
    if np.dtype(dtype).kind == "c":
        vals = vals[::2]
    a, b = np.meshgrid(vals, vals, indexing="ij")
    return [a.ravel().copy(), b.ravel().copy()]


def tolerance(op: str, dtype: str) -> float:
    kind = np.dtype(dtype).kind
    if kind in "biu":
        return 0.0
    single = dtype in ("float32", "complex64")
    if op in (
        "add",
        "subtract",
        "multiply",
        "negative",
        "positive",
        "abs",
        "real",
        "imag",
        "conj",
        "copysign",
        "nextafter",
        "maximum",
        "minimum",
        "clip",
        "floor",
        "ceil",
        "trunc",
        "round",
        "floor_divide",
        "remainder",
        "sign",
        "equal",
        "not_equal",
        "less",
        "less_equal",
        "greater",
        "greater_equal",
        "signbit",
        "square",
        "isnan",
        "isinf",
        "isfinite",
    ):
        return 2e-7 if single else 1e-15
    return 4e-6 if single else 1e-12


def _close(got: np.ndarray, want: np.ndarray, tol: float) -> np.ndarray:
    """Elementwise agreement: same NaN pattern, equal infinities, else relative error.

    Complex: where one component is NaN the standard leaves the other's sign unspecified
    (e.g. acos(inf + NaN j) = NaN +- inf j), so that sign is not compared.
    """
    if got.dtype.kind == "c":
        loose = np.isnan(want.real) | np.isnan(want.imag)
        re = _close(
            np.where(loose, np.abs(got.real), got.real),
            np.where(loose, np.abs(want.real), want.real),
            tol,
        )
        im = _close(
            np.where(loose, np.abs(got.imag), got.imag),
            np.where(loose, np.abs(want.imag), want.imag),
            tol,
        )
        return re & im
    if got.dtype.kind != "f":
        return got == want
    both_nan = np.isnan(got) & np.isnan(want)
    exact = got == want
    rel = np.abs(got - want) <= tol * np.maximum(np.abs(want), 1e-300 if tol else 0)
    return both_nan | exact | (np.isfinite(want) & rel)


CASES = [(op, dtype) for op, (_, dtypes, _) in sorted(OPS.items()) for dtype in dtypes]


@pytest.fixture(scope="module")
def special_modules():
    """All special-value kernels, in two libraries compiled concurrently (2-core CI)."""
    entries = [elementwise_entry(make_desc(op, dtype), Variant()) for op, dtype in CASES]
    half = len(entries) // 2
    return build_modules([entries[:half], entries[half:]])


def _module_for(modules, desc, variant):
    from xtensor._jit.codegen import kernel_name

    name = kernel_name(desc, variant)
    return next(m for m in modules if name in m.names)


def contiguous_plan(out: np.ndarray, ins: list[np.ndarray], compute) -> LaunchPlan:
    arrays = [out, *ins]
    return LaunchPlan(
        out.shape,
        tuple(a.strides for a in arrays),
        tuple(a.dtype for a in arrays),
        tuple(a.ctypes.data for a in arrays),
        np.dtype(compute),
    )


@pytest.mark.parametrize("op,dtype", CASES, ids=[f"{o}-{d}" for o, d in CASES])
def test_special_values_match_numpy(special_modules, op, dtype):
    desc = make_desc(op, dtype)
    ins = op_inputs(op, dtype)
    want = reference(op, dtype, ins)
    got = np.empty(want.shape, dtype=np.dtype(want.dtype))
    plan = contiguous_plan(got, ins, dtype)
    _module_for(special_modules, desc, Variant()).launch(desc, Variant(), plan)
    ok = _close(got, want, tolerance(op, dtype))
    if op == "pow" and np.dtype(dtype).kind == "c":
        # Complex pow with a non-finite operand is implementation-defined (the standard).
        ok |= ~(np.isfinite(ins[0]) & np.isfinite(ins[1]))
    bad = np.flatnonzero(~ok)[:8]
    detail = [(tuple(a[i] for a in ins), got[i], want[i]) for i in bad]
    assert ok.all(), f"{op}[{dtype}] (inputs, xtensor, numpy): {detail}"


# ---- layouts, casting, scalars and splits ---------------------------------------------


def _broadcast_plan(out, ins, compute, scalar=None) -> LaunchPlan:
    views = [out] + [np.broadcast_to(a, out.shape) for a in ins]
    return LaunchPlan(
        out.shape,
        tuple(v.strides for v in views),
        tuple(v.dtype for v in views),
        tuple(v.ctypes.data for v in views),
        np.dtype(compute),
        scalar,
    )


def _iter_plans(out, ins, compute, limit) -> list[LaunchPlan]:
    """One LaunchPlan per piece of the iterator's 32-bit split with a tiny `limit`."""
    it = build(IterFlags(check_mem_overlap=False, check_all_same_dtype=False), (out,), ins)
    dtypes = tuple(a.dtype for a in (out, *ins))
    return [
        LaunchPlan(p.shape, tuple(p.byte_strides()), dtypes, p.data_addresses(), np.dtype(compute))
        for p in it.split_32bit(limit)
    ]


def _layout_cases():
    """(label, op, compute dtype, out, array inputs, scalar, split limit); arrays stay alive."""
    rng = np.random.default_rng(1)
    f32 = lambda *shape: rng.uniform(-5, 5, shape).astype(np.float32)
    cases = []
    for n in (1, 3, 4, 5, 37, 130):
        a, b = f32(n + 1), f32(n + 1)
        cases.append((f"contig-{n}", "add", "float32", np.empty(n, np.float32), [a[:n], b[:n]]))
        cases.append(
            (f"misaligned-{n}", "add", "float32", np.empty(n + 1, np.float32)[1:], [a[1:], b[1:]])
        )
    c = (rng.normal(size=(7, 9)) + 1j * rng.normal(size=(7, 9))).astype(np.complex64)
    cases.append(
        (
            "vec2-c64",
            "multiply",
            "complex64",
            np.empty(63, np.complex64),
            [c.ravel(), c.ravel()[::-1].copy()],
        )
    )
    m = f32(6, 10)
    cases.append(
        ("transposed", "subtract", "float32", np.empty((10, 6), np.float32), [m.T, f32(10, 6)])
    )
    cases.append(
        (
            "negative-strides",
            "subtract",
            "float32",
            np.empty((6, 5), np.float32),
            [m[::-1, ::-2], m[:, :5]],
        )
    )
    cases.append(
        ("zero-strides", "multiply", "float32", np.empty((6, 10), np.float32), [m, f32(1, 10)])
    )
    cases.append(("strided-out", "exp", "float32", np.empty((6, 20), np.float32)[:, ::2], [m]))
    i16 = rng.integers(-300, 300, (6, 10)).astype(np.int16)
    cases.append(("cast-i16-f32", "add", "float32", np.empty((6, 10), np.float32), [i16, m]))
    cases.append(("cast-i16-contig", "add", "float64", np.empty(60), [i16.ravel(), m.ravel()]))
    cases.append(
        (
            "less-to-bool",
            "less",
            "int32",
            np.empty((6, 10), bool),
            [
                rng.integers(-9, 9, (6, 10)).astype(np.int32),
                rng.integers(-9, 9, (1, 10)).astype(np.int32),
            ],
        )
    )
    cases.append(
        (
            "shift-u8",
            "bitwise_left_shift",
            "uint8",
            np.empty(50, np.uint8),
            [rng.integers(0, 255, 50).astype(np.uint8), rng.integers(0, 10, 50).astype(np.uint8)],
        )
    )
    return cases


def _scalar_cases():
    rng = np.random.default_rng(2)
    x = rng.uniform(-5, 5, (8, 11)).astype(np.float64)
    return [
        ("lhs-contig", "subtract", "float64", np.empty((8, 11)), [x], (ScalarPos.LHS, 2.5)),
        ("rhs-strided", "subtract", "float64", np.empty((11, 8)), [x.T], (ScalarPos.RHS, 2.5)),
        (
            "rhs-cast",
            "floor_divide",
            "float64",
            np.empty(30),
            [rng.integers(-50, 50, 30).astype(np.int32)],
            (ScalarPos.RHS, -7.0),
        ),
    ]


def _split_cases():
    """Cases run through the iterator's split_32bit with a tiny limit, and through split_ndim."""
    rng = np.random.default_rng(3)
    big = rng.uniform(-1, 1, (40, 50)).astype(np.float32)
    deep = rng.uniform(-1, 1, (2,) * 17).transpose(list(range(16, -1, -1)))  # 17 dims, strided
    return [
        (
            "split-contig",
            "add",
            "float32",
            np.empty(2000, np.float32),
            [big.ravel(), big.ravel()[::-1].copy()],
            None,
            300,
        ),
        (
            "split-2d-negative",
            "multiply",
            "float32",
            np.empty((40, 50), np.float32),
            [big[::-1], big],
            None,
            700,
        ),
        ("split-ndim-17", "negative", "float64", np.empty((2,) * 17), [deep], None, None),
    ]


LAYOUT_CASES = (
    [c + (None, None) for c in _layout_cases()]
    + [c + (None,) for c in _scalar_cases()]
    + _split_cases()
)


def _pieces(case):
    _label, op, compute, out, ins, scalar, limit = case
    nin = OPS[op][0]
    in_dtypes = [a.dtype.name for a in ins]
    if scalar is not None:
        in_dtypes.insert(0 if scalar[0] is ScalarPos.LHS else nin - 1, compute)
    desc = make_desc(op, compute, tuple(in_dtypes))
    plan = _broadcast_plan(out, ins, compute, scalar)
    plans = [plan] if limit is None else _iter_plans(out, ins, compute, limit)
    pieces = [p for q in plans for p in split_ndim(q)]
    return desc, plan, [(choose_variant(p, desc), p) for p in pieces]


@pytest.fixture(scope="module")
def layout_module():
    entries = {}
    for case in LAYOUT_CASES:
        desc, _plan, pieces = _pieces(case)
        for variant, _ in pieces:
            entry = elementwise_entry(desc, variant)
            entries[entry[0]] = entry
            wide = elementwise_entry(
                desc, Variant(False, 1, variant.dynamic_casting, variant.scalar_pos, 64)
            )
            entries[wide[0]] = wide
    [module] = build_modules([list(entries.values())])
    return module


def _expected(op, compute, out, ins, scalar):
    args = [np.broadcast_to(a, out.shape).astype(compute) for a in ins]
    if scalar is not None:
        args.insert(0 if scalar[0] is ScalarPos.LHS else len(args), np.asarray(scalar[1], compute))
    return reference(op, compute, args).astype(out.dtype)


@pytest.mark.parametrize("case", LAYOUT_CASES, ids=[c[0] for c in LAYOUT_CASES])
@pytest.mark.parametrize("index_bits", [32, 64])
def test_layouts_match_numpy(layout_module, case, index_bits):
    _label, op, compute, out, ins, scalar, limit = case
    desc, _plan, pieces = _pieces(case)
    if limit is not None:
        assert len(pieces) > 1, "the split limit should force several pieces"
    out[...] = 0
    for variant, piece in pieces:
        if index_bits == 64:  # the same piece through the strided 64-bit kernel
            variant = Variant(False, 1, variant.dynamic_casting, variant.scalar_pos, 64)
        layout_module.launch(desc, variant, piece, grid=2, block=8)
    want = _expected(op, compute, out, ins, scalar)
    np.testing.assert_allclose(out, want, rtol=1e-6)


def test_variants_chosen_as_documented():
    cases = {c[0]: c for c in LAYOUT_CASES}
    variant = lambda label: _pieces(cases[label])[2][0][0]
    assert variant("contig-37") == Variant(True, 4)  # fresh float32 buffers are 16-aligned
    assert variant("misaligned-37").vec_size < 4
    assert variant("vec2-c64") == Variant(True, 2)
    assert not variant("transposed").contiguous
    assert variant("cast-i16-contig") == Variant(True, 1, dynamic_casting=True)
    assert variant("lhs-contig").scalar_pos is ScalarPos.LHS
    assert variant("rhs-strided") == Variant(False, 1, False, ScalarPos.RHS)
    assert len(_pieces(cases["split-ndim-17"])[2]) == 2


# ---- reductions -------------------------------------------------------------------------

RED_BLOCK = 16  # threads per simulated block; each runs on its own std::thread


def _reduction_input(dtype: str) -> np.ndarray:
    rng = np.random.default_rng(4)
    x = rng.uniform(-3, 3, (4, 5, 6))
    if dtype == "bool":
        return x > 1
    if dtype.startswith("int"):
        return np.round(x * 3).astype(dtype)
    if dtype.startswith("complex"):
        return (x + 1j * x[::-1]).astype(dtype)
    x = x.astype(dtype)
    x[1, 2, 3] = x[1, 2, 4]  # a tie for argmax/argmin
    return x


REDUCTIONS = [  # kind, input dtype, compute dtype, result dtype, numpy reference
    ("sum", "float64", "float64", "float64", np.sum),
    ("sum", "int32", "int64", "int64", np.sum),
    ("sum", "complex128", "complex128", "complex128", np.sum),
    ("prod", "float32", "float64", "float32", np.prod),
    ("mean", "float32", "float32", "float32", np.mean),
    ("max", "float64", "float64", "float64", np.max),
    ("min", "int32", "int32", "int32", np.min),
    ("argmax", "float64", "float64", "int64", None),
    ("argmin", "float32", "float32", "int64", None),
    ("any", "bool", "bool", "bool", np.any),
    ("all", "float64", "float64", "bool", np.all),
    ("var", "float64", "float64", "float64", np.var),
    ("std", "float32", "float64", "float32", np.std),
]
AXES = [(1,), (0, 2), (0, 1, 2), (2,)]


@pytest.fixture(scope="module")
def reduction_module():
    entries = {}
    for kind, din, dc, dr, _ in REDUCTIONS:
        entry = reduction_entry(descriptor_for(kind, din, dc, dr), RED_BLOCK)
        entries[entry[0]] = entry
    [module] = build_modules([list(entries.values())])
    return module


def _reference(kind, ref, x, axes, ddof, result_dtype):
    if kind in ("argmax", "argmin"):
        kept = [d for d in range(x.ndim) if d not in axes]
        moved = np.moveaxis(x, axes, range(len(kept), x.ndim)).reshape(
            tuple(x.shape[d] for d in kept) + (-1,)
        )
        return getattr(np, kind)(moved, axis=-1)
    kwargs = {"ddof": ddof} if kind in ("var", "std") else {}
    return np.asarray(
        ref(x.astype(np.float64) if kind in ("prod", "var", "std") else x, axis=axes, **kwargs)
    ).astype(result_dtype)


@pytest.mark.parametrize("axes", AXES, ids=str)
@pytest.mark.parametrize("red", REDUCTIONS, ids=[f"{r[0]}-{r[1]}" for r in REDUCTIONS])
def test_reductions_match_numpy(reduction_module, red, axes):
    kind, din, dc, dr, ref = red
    x = _reduction_input(din)
    if kind in ("max", "argmax") and din.startswith("float"):
        x[2, 1, 0] = np.nan  # NaN propagates (max) / is found first (argmax)
    x = x.transpose(2, 0, 1)[::-1]  # non-contiguous, negative stride
    ddof = 1.0 if kind == "std" else 0.0
    kept = [d for d in range(x.ndim) if d not in axes]
    out = np.zeros(tuple(x.shape[d] for d in kept), dtype=dr)
    plan = ReductionPlan(
        tuple(x.shape[d] for d in kept),
        tuple(x.shape[d] for d in axes),
        out.strides,
        tuple(x.strides[d] for d in kept),
        tuple(x.strides[d] for d in axes),
        out.ctypes.data,
        x.ctypes.data,
        ddof,
    )
    name = reduction_entry(descriptor_for(kind, din, dc, dr), RED_BLOCK)[0]
    reduction_module.run(name, reduction_args(plan), grid=3, block=RED_BLOCK, threaded=True)
    want = _reference(kind, ref, x, axes, ddof, dr)
    tol = 1e-5 if "float32" in (din, dc, dr) else 1e-12
    np.testing.assert_allclose(out, want, rtol=tol, atol=tol)
