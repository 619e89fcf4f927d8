"""float16, NumPy's dtype beyond the standard's 13, with NumPy 2.4 as the oracle.

The dtype object and its categories; math of small integers computing in float16 (NumPy's loop
search, `_core.dtypes.float_for_int`); every elementwise op of the op table on float16 arrays,
mixed with every other dtype and with Python scalars (dtype and values as NumPy's, NaN-aware);
reductions, creation, printing, linalg, fft and random as NumPy treats float16; and the CUDA
path: the `xt::half` conversions and float16 kernels run in the host simulator, and every
float16 kernel compiled by NVRTC. Promotion pairs, triples, `can_cast`, `finfo` and `astype`
to and from float16 run in `test_dtypes.py`, which enumerates all 14 dtypes.
"""

from __future__ import annotations

import itertools
import os

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.opinfo import OPINFOS
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes
from tests.test_cuda_reduction_backend import _Simulator, device_path
from xtensor._core import dtypes as _dtypes
from xtensor._jit import codegen, compiler
from xtensor._jit.ctype_names import ctype_of, dtype_of
from xtensor._jit.descriptor import KernelDescriptor, ScalarPos, Variant
from xtensor._jit.hostsim import build_modules, have_compiler
from xtensor._jit.hostsim.driver import elementwise_entry
from xtensor._jit.plan import LaunchPlan, choose_variant
from xtensor._jit.reduction import KINDS, descriptor_for, generate_reduction_kernel
from xtensor._ops.elementwise import BY_NAME as OPS

NAMES = ALL_DTYPES + ("float16",)
SMALL_INTS = ("bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64")
ULP16 = 2.0**-10  # float16's relative spacing: one rounding step of a float32 result


def _x(a):
    """An xtensor array of NumPy array `a`'s dtype (float16 kept; see the asarray test)."""
    return xt.asarray(a, dtype=a.dtype) if isinstance(a, np.ndarray) else a


def _both(func, *args, **kwargs):
    """(NumPy's result or exception type, xtensor's result or exception type)."""
    out = []
    for module, conv in ((np, np.asarray), (xt, _x)):
        try:
            out.append(func(module, *[conv(a) if isinstance(a, np.ndarray) else a for a in args]))
        except Exception as e:  # noqa: BLE001 - the exception type is the result compared
            out.append(type(e))
    return out


# --- the dtype object --------------------------------------------------------------------


def test_dtype_object_compares_like_numpy_float16():
    for spelling in ("float16", "f2", "e", "<f2", "half", np.float16, np.dtype("f2")):
        assert xt.float16 == spelling and spelling == xt.float16, spelling
    assert xt.float16 != "float32" and xt.float16 != np.float32 and xt.float16 != "f4"
    assert xt.half is xt.float16 is xt.dtype("e") is xt.dtype(np.float16)
    assert hash(xt.float16) == hash(np.dtype("float16")) and np.dtype(xt.float16) == "f2"
    assert repr(xt.float16) == "dtype('float16')" and xt.float16.itemsize == 2
    assert_same(xt.float16(2.5), np.float16(2.5), rtol=0)


def test_namespace_info_lists_the_standard_dtypes_only():
    info = xt.__array_namespace_info__()
    for kind in (None, "real floating", "numeric", ("bool", "real floating")):
        listed = info.dtypes(kind=kind)
        assert "float16" not in listed and xt.float16 not in listed.values(), kind
    assert len(info.dtypes()) == 13
    assert xt.isdtype(xt.float16, "real floating") and xt.isdtype(xt.float16, "numeric")
    assert not xt.isdtype(xt.float16, ("integral", "complex floating", "bool"))


# --- math of integers computes where NumPy's loop search lands -----------------------------


@pytest.mark.parametrize("a, b", list(itertools.combinations_with_replacement(SMALL_INTS, 2)))
def test_float_for_int_matches_numpy_loop_search(a, b):
    want = np.arctan2(np.ones(1, a), np.ones(1, b)).dtype
    got = _dtypes.result_dtype(_dtypes.Promotion.INT_TO_FLOAT, xt.dtype(a), xt.dtype(b))
    assert got.numpy == want
    for scalar in (True, 2, 1.5):
        want = np.arctan2(np.ones(1, a), scalar).dtype
        assert _dtypes.result_dtype(_dtypes.Promotion.INT_TO_FLOAT, xt.dtype(a), scalar) == want


# Pairs such as int8 with uint8, whose promoted dtype (int16) says less than the inputs, check
# that the iterator passes the input dtypes to `float_for_int`.
@pytest.mark.parametrize("a, b", list(itertools.product(SMALL_INTS[:5], repeat=2)))
def test_binary_float_math_of_small_ints_matches_numpy(a, b):
    x1, x2 = np.arange(-3, 3).astype(a), np.arange(6).astype(b)
    for name, ref in (("atan2", np.arctan2), ("hypot", np.hypot), ("logaddexp2", None)):
        want = (ref or getattr(np, name))(x1, x2)
        assert_same(getattr(xt, name)(_x(x1), _x(x2)), want, rtol=ULP16, err_msg=name)


@pytest.mark.parametrize("dtype", SMALL_INTS)
def test_unary_float_math_of_ints_matches_numpy(dtype):
    a = np.arange(7).astype(dtype)
    for name in ("sqrt", "sin", "exp", "log1p", "cbrt", "exp2", "deg2rad"):
        assert_same(getattr(xt, name)(_x(a)), getattr(np, name)(a), rtol=ULP16, err_msg=name)
    assert_same(xt.round(_x(a > 2)), np.rint(a > 2), rtol=0)  # NumPy's rint of bool is float16


# --- elementwise ops on float16 ------------------------------------------------------------

FLOAT_OPS = [info for info in OPINFOS if "float32" in info.dtypes and info.name != "clip"]
NUMPY_ONLY = {  # NumPy's ufuncs beyond the standard: name -> arity
    "cbrt": 1,
    "deg2rad": 1,
    "exp2": 1,
    "fabs": 1,
    "rad2deg": 1,
    "spacing": 1,
    "modf": 1,
    "fmax": 2,
    "fmin": 2,
    "fmod": 2,
    "divmod": 2,
    "heaviside": 2,
    "logaddexp2": 2,
}
CASES = [(i.name, i.nin, i.ref, i.tolerance, i.differences) for i in FLOAT_OPS]
CASES += [(name, nin, getattr(np, name), 1.0, ()) for name, nin in NUMPY_ONLY.items()]
CASE_IDS = [case[0] for case in CASES]


def _outputs(value) -> tuple:
    return value if isinstance(value, tuple) else (value,)


def _check(case, inputs):
    """xtensor's op on `inputs` (NumPy arrays and Python scalars) against NumPy's."""
    name, _, ref, tolerance, differences = case
    try:
        want = _outputs(ref(*inputs))
    except Exception as e:  # noqa: BLE001 - NumPy refuses: xtensor must refuse likewise
        with pytest.raises(type(e)):
            getattr(xt, name)(*[_x(a) for a in inputs])
        return
    got = _outputs(getattr(xt, name)(*[_x(a) for a in inputs]))
    for g, w in zip(got, want, strict=True):
        w = np.asarray(w)
        for diff in differences:  # the spec's special cases, where xtensor leaves NumPy
            mask = np.broadcast_to(diff.mask(*inputs), w.shape)
            if mask.any():
                w = w.copy()
                w[mask] = np.asarray(g)[mask]
        # Transcendental results: float32 math rounded to float16, where NumPy's SIMD and
        # scalar float32 paths may round a last bit differently.
        rtol = (ULP16 if tolerance else 0) if w.dtype == np.float16 else (tolerance or None)
        assert_same(g, w, rtol=rtol, err_msg=name)


@st.composite
def _operands(draw, nin, dtypes=("float16",)):
    sides = draw(hnp.mutually_broadcastable_shapes(num_shapes=nin, max_dims=3, max_side=4))
    return [draw(arrays(draw(st.sampled_from(dtypes)), shape=s)) for s in sides.input_shapes]


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
@given(data=st.data())
def test_float16_operands_match_numpy(case, data):
    _check(case, data.draw(_operands(case[1]), label="inputs"))


def _partners(name: str) -> tuple:
    """The dtypes an op takes beside float16 (NumPy-only ops: the real ones)."""
    info = next((i for i in OPINFOS if i.name == name), None)
    return info.dtypes if info else tuple(d for d in NAMES if not d.startswith("complex"))


@pytest.mark.parametrize("case", [c for c in CASES if c[1] == 2], ids=lambda c: c[0])
@given(data=st.data(), first=st.booleans())
def test_float16_mixed_with_every_dtype_matches_numpy(case, data, first):
    partner = data.draw(st.sampled_from(_partners(case[0]) + ("float16",)), label="partner")
    a, b = data.draw(_operands(2, ("float16",)), label="a"), None
    b = data.draw(arrays(partner, shape=a[1].shape), label="b")
    _check(case, [b, a[0]] if first else [a[0], b])


SCALARS = st.sampled_from([True, False, 0, 3, -2, 70000, 0.5, -1.5, 1e10, float("nan"), 1j])


@pytest.mark.parametrize("case", [c for c in CASES if c[1] == 2], ids=lambda c: c[0])
@given(data=st.data(), scalar=SCALARS, first=st.booleans())
def test_float16_with_python_scalars_matches_numpy(case, data, scalar, first):
    if isinstance(scalar, complex) and "complex64" not in _partners(case[0]):
        return  # the standard's real-only domain, where NumPy computes on complex
    (a,) = data.draw(_operands(1), label="a")
    _check(case, [scalar, a] if first else [a, scalar])


def test_operators_and_in_place_keep_float16():
    a = np.array([0.5, -2.0, 65504.0], np.float16)
    x = _x(a)
    for got, want in ((x + 1, a + 1), (2.5 * x, 2.5 * a), (-x, -a), (x**2, a**2), (x / x, a / a)):
        assert_same(got, want, rtol=0)
    assert_same(x < 1.0, a < 1.0)
    x += 1.5
    a += np.float16(1.5)
    assert_same(x, a, rtol=0)
    y = xt.ones(3, dtype=xt.float32)
    y *= x  # float16 into float32: same_kind, as in NumPy
    assert_same(y, np.ones(3, np.float32) * a)


# --- reductions ----------------------------------------------------------------------------

REDUCTIONS = {
    "sum": "sum",
    "prod": "prod",
    "mean": "mean",
    "var": "var",
    "std": "std",
    "max": "max",
    "min": "min",
    "argmax": "argmax",
    "argmin": "argmin",
    "any": "any",
    "all": "all",
    "count_nonzero": "count_nonzero",
    "cumulative_sum": "cumsum",
    "cumulative_prod": "cumprod",
}


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
@given(data=st.data())
def test_reductions_of_float16_match_numpy(name, data):
    a = data.draw(arrays("float16", shape=data.draw(shapes(min_dims=1, min_side=1))), label="a")
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1), label="axis")
    want = getattr(np, REDUCTIONS[name])(a, axis=axis)
    got = getattr(xt, name)(_x(a), axis=axis)
    # Sums and moments accumulate in float32 and round once; a different order of the
    # partial sums may move that rounding by a step.
    assert_same(got, want, rtol=4 * ULP16 if want.dtype == np.float16 else None)


def test_sum_of_many_float16_accumulates_in_float32_as_numpy():
    a = np.full(5000, 0.1, np.float16)  # a float16 running sum would stall at 256
    assert_same(xt.sum(_x(a)), np.sum(a), rtol=ULP16)
    assert_same(xt.mean(_x(a)), np.mean(a), rtol=ULP16)
    assert_same(xt.sum(_x(a), dtype=xt.float32), np.sum(a, dtype=np.float32), rtol=1e-6)


# --- creation, conversion, printing ---------------------------------------------------------


def test_creation_with_float16_matches_numpy():
    for make in (
        lambda m: m.zeros((2, 3), dtype="float16"),
        lambda m: m.ones(4, dtype="e"),
        lambda m: m.full((2,), 1.1, dtype=m.float16),
        lambda m: m.empty(0, dtype="f2")[:0],
        lambda m: m.arange(0, 2, 0.25, dtype=m.float16),
        lambda m: m.linspace(0, 1, 7, dtype="float16"),
        lambda m: m.eye(3, dtype=m.half),
        lambda m: m.asarray([1, 2.5, 1e5, -0.0], dtype="float16"),
        lambda m: m.asarray(np.arange(3, dtype=np.float16), dtype="float16"),
        lambda m: m.asarray(3.14159, dtype=m.float16),
        lambda m: m.zeros_like(m.ones((2, 2), dtype="float16")),
        lambda m: m.full_like(m.ones(2, dtype="int8"), 0.3, dtype="float16"),
    ):
        want, got = make(np), make(xt)
        assert_same(got, want, rtol=0)


def test_asarray_keeps_numpy_float16():
    a = np.array([1.5, -0.0, np.inf], np.float16)
    assert_same(xt.asarray(a), a, rtol=0, signed_zeros=True)


@given(a=arrays("float16"))
def test_printing_matches_numpy(a):
    x = _x(a)
    assert repr(x) == repr(a) and str(x) == str(a)


def test_printing_of_special_values_and_scalars():
    a = np.array([[np.nan, -np.inf, 65504], [6e-8, -0.0, 1 / 3]], np.float16)
    assert repr(_x(a)) == repr(a) and str(_x(a)) == str(a)
    assert repr(_x(a[0, 2:])) == repr(a[0, 2:])
    assert repr(xt.float16(1.5)) == repr(np.float16(1.5))
    assert repr(xt.asarray(1.5, dtype="e")) == repr(np.asarray(1.5, "e"))
    assert xt.array2string(_x(a), precision=2) == np.array2string(a, precision=2)


# --- linalg, fft, random: as NumPy treats float16 ---------------------------------------------

LINALG_CALLS = {
    "inv": lambda m, a: m.linalg.inv(a),
    "det": lambda m, a: m.linalg.det(a),
    "solve": lambda m, a: m.linalg.solve(a, a),
    "cholesky": lambda m, a: m.linalg.cholesky(a),
    "svd": lambda m, a: m.linalg.svd(a),
    "eigh": lambda m, a: m.linalg.eigh(a),
    "pinv": lambda m, a: m.linalg.pinv(a),
    "matrix_norm": lambda m, a: m.linalg.matrix_norm(a),
    "vector_norm": lambda m, a: m.linalg.vector_norm(a),
    "matmul": lambda m, a: m.matmul(a, a),
    "vecdot": lambda m, a: m.vecdot(a, a),
}


@pytest.mark.parametrize("name", sorted(LINALG_CALLS))
def test_linalg_accepts_or_refuses_float16_as_numpy(name):
    a = np.array([[2.0, 1.0], [1.0, 3.0]], np.float16)
    want, got = _both(LINALG_CALLS[name], a)
    if isinstance(want, type):
        assert got is want, name  # NumPy's TypeError: "array type float16 is unsupported"
        with pytest.raises(TypeError, match="float16 is unsupported"):
            LINALG_CALLS[name](xt, _x(a))
    else:
        assert_same(got, want, rtol=ULP16)


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fftn"])
def test_fft_of_float16_matches_numpy(name):
    a = np.array([1.0, 2.5, -1.0, 0.5, 3.0, -2.0], np.float16)
    want, got = _both(lambda m, v: getattr(m.fft, name)(v), a)
    assert_same(got, want, rtol=4 * ULP16 if want.dtype == np.float16 else 1e-5)


def test_random_refuses_float16_as_numpy():
    for method in ("random", "standard_normal", "standard_exponential"):
        with pytest.raises(TypeError, match="float16"):
            getattr(np.random.default_rng(0), method)(3, dtype=np.float16)
        with pytest.raises(TypeError, match="float16"):
            getattr(xt.random.default_rng(0), method)(3, dtype=xt.float16)


# --- CUDA: xt::half and float16 kernels ------------------------------------------------------
# Compiled by NVRTC (no GPU needed) and run in the host simulator against NumPy.

needs_nvrtc = pytest.mark.skipif(
    not compiler.have_nvrtc() and not os.environ.get("CI"),
    reason="NVRTC not installed (pip install -e '.[test]' brings it); CI always requires it",
)
needs_cxx = pytest.mark.skipif(not have_compiler(), reason="no C++ compiler")


def test_float16_kernel_type_and_names():
    assert ctype_of(np.float16) == "xt::half" and codegen.opmath("xt::half") == "float"
    desc = _desc("add", ("xt::half",) * 2)
    assert codegen.kernel_name(desc, Variant(True, 4)) == "xt_add_f16_f16_contig_v4"
    body = codegen.generate_kernel(desc, Variant(False, scalar_pos=ScalarPos.RHS))
    assert "xt_add(xt::cast<float>(*reinterpret_cast<const xt::half*>" in body
    assert "xt::cast<float>(scalar)" in body and "xt::cast<xt::half>(xt_add(" in body


def _desc(name, inputs, compute="xt::half", results=None):
    op = OPS[name]
    results = results or (("bool",) if op.promotion.name == "ALWAYS_BOOL" else (compute,)) * op.nout
    if op.output_dtypes:  # outputs of a fixed dtype whatever the inputs (frexp's exponent)
        fixed = [None if d is None else ctype_of(d.numpy) for d in op.output_dtypes]
        results = tuple(r if f is None else f for r, f in zip(results, fixed))
    return KernelDescriptor(name, op.cuda, op.nin, op.nout, inputs, compute, results)


def _float_ops():
    return [op for op in OPS.values() if _dtypes.float32 in op.domain.dtypes and op.name != "clip"]


@needs_nvrtc
def test_every_float16_kernel_compiles_with_nvrtc():
    pairs = []
    for op in _float_ops():
        half = _desc(op.name, ("xt::half",) * op.nin)
        cast = _desc(op.name, ("signed char",) + ("xt::half",) * (op.nin - 1))
        pairs += [(half, Variant(True, 4)), (half, Variant(False, index_bits=64))]
        pairs.append((cast, Variant(False, dynamic_casting=True)))
        if op.nin == 2:
            pairs.append((half, Variant(True, 1, scalar_pos=ScalarPos.LHS)))
    kernels = {codegen.kernel_name(d, v): codegen.generate_kernel(d, v) for d, v in pairs}
    reductions = [
        generate_reduction_kernel(descriptor_for(kind, "float16", "float16", result))
        for kind in KINDS
        for result in [
            "int64" if kind.startswith("arg") else "bool" if kind in ("any", "all") else "float16"
        ]
    ]
    source = "\n".join([codegen.support_source(), *kernels.values(), *reductions])
    compiler.compile_source(source, "float16_kernels", arch="compute_80", options=("-G",))
    optimized = codegen.generate_code(_desc("multiply", ("xt::half",) * 2), Variant(True, 4))
    assert compiler.compile_source(optimized, "f16_sm80", arch="sm_80")[:4] == b"\x7fELF"


def _run(module, desc, inputs, out_dtypes, scalar=None):
    """Launch `desc` on contiguous NumPy `inputs` in the host simulator; the outputs."""
    outs = [np.empty(inputs[0].shape, dt) for dt in out_dtypes]
    arrays_ = outs + list(inputs)
    plan = LaunchPlan(
        shape=inputs[0].shape,
        byte_strides=tuple(a.strides for a in arrays_),
        dtypes=tuple(a.dtype for a in arrays_),
        data_ptrs=tuple(a.ctypes.data for a in arrays_),
        compute_dtype=dtype_of(desc.compute_ctype),
        scalar=scalar,
    )
    variant = choose_variant(plan, desc)
    module.launch(desc, variant, plan)
    return outs


def _all_halves() -> np.ndarray:
    return np.arange(1 << 16, dtype=np.uint16).view(np.float16)


def _doubles_around_halves() -> np.ndarray:
    """Doubles that stress rounding to half: each half, the midpoints to its neighbours and
    a hair either side of them, subnormals, the overflow edge, and random values."""
    h = _all_halves()
    h = h[np.isfinite(h)].astype(np.float64)
    up = np.nextafter(h.astype(np.float16), np.float16(np.inf)).astype(np.float64)
    mid = (h + up) / 2
    rng = np.random.default_rng(0)
    extra = [65504.0, 65519.99, 65520.0, 1e300, -1e-300, 2.0**-25, 2.0**-24 * 1.5, 2.0**-26]
    values = [h, mid, np.nextafter(mid, np.inf), np.nextafter(mid, -np.inf), np.array(extra)]
    values.append(rng.standard_normal(4000) * 10.0 ** rng.integers(-9, 6, 4000))
    values.append(np.array([np.inf, -np.inf, np.nan, -np.nan]))
    return np.concatenate(values)


@pytest.fixture(scope="module")
def half_module():
    entries = [
        (_desc("positive", ("xt::half",), results=("float",)), "half_to_float"),
        (_desc("positive", ("double",), "double", ("xt::half",)), "double_to_half"),
        (_desc("positive", ("float",), "float", ("xt::half",)), "float_to_half"),
        (_desc("add", ("xt::half",) * 2), "add"),
        (_desc("multiply", ("xt::half",) * 2), "multiply_scalar"),
        (_desc("sqrt", ("signed char",)), "sqrt_int8"),
        (_desc("exp", ("xt::half",)), "exp"),
        (_desc("less", ("xt::half",) * 2), "less"),
        (_desc("modf", ("xt::half",)), "modf"),
    ]
    kernels = {}
    for desc, key in entries:  # every variant choose_variant may pick for these plans
        if key == "multiply_scalar":
            variants = [Variant(True, vec, scalar_pos=ScalarPos.RHS) for vec in (1, 2, 4)]
        elif set(desc.input_ctypes) != {desc.compute_ctype}:
            variants = [Variant(True, 1, dynamic_casting=True)]
        else:
            variants = [Variant(True, vec) for vec in (1, 2, 4)]
        for variant in variants:
            entry = elementwise_entry(desc, variant)
            kernels[entry[0]] = entry
    return build_modules([list(kernels.values())])[0], {key: desc for desc, key in entries}


@needs_cxx
def test_half_to_float_is_exact_for_every_bit_pattern(half_module):
    module, built = half_module
    h = _all_halves()
    (got,) = _run(module, built["half_to_float"], [h], [np.float32])
    want = h.astype(np.float32)
    same = got.view(np.uint32) == want.view(np.uint32)
    assert same.all() or (np.isnan(want[~same]).all() and np.isnan(got[~same]).all())


@needs_cxx
@pytest.mark.parametrize("source", ["double_to_half", "float_to_half"])
def test_rounding_to_half_matches_numpy(half_module, source):
    module, built = half_module
    values = _doubles_around_halves()
    if source == "float_to_half":
        values = values.astype(np.float32)
    (got,) = _run(module, built[source], [values], [np.float16])
    want = values.astype(np.float16)
    nan = np.isnan(want)
    np.testing.assert_array_equal(got.view(np.uint16)[~nan], want.view(np.uint16)[~nan])
    assert np.isnan(got[nan]).all()
    np.testing.assert_array_equal(np.signbit(got[nan]), np.signbit(want[nan]))


@needs_cxx
def test_float16_kernels_compute_in_float_as_numpy(half_module):
    module, built = half_module
    rng = np.random.default_rng(1)
    a = (rng.standard_normal(203) * 8).astype(np.float16)
    b = (rng.standard_normal(203) * 8).astype(np.float16)
    a[:4] = [np.inf, -np.inf, np.nan, -0.0]
    (got,) = _run(module, built["add"], [a, b], [np.float16])
    assert_same(xt.asarray(got, dtype=got.dtype), a + b, rtol=0, signed_zeros=True)
    (got,) = _run(module, built["less"], [a, b], [np.bool_])
    np.testing.assert_array_equal(got, a < b)
    (got,) = _run(module, built["multiply_scalar"], [a], [np.float16], scalar=(ScalarPos.RHS, 1.7))
    assert_same(xt.asarray(got, dtype=got.dtype), a * 1.7, rtol=0)
    ints = np.arange(-60, 60, dtype=np.int8)
    (got,) = _run(module, built["sqrt_int8"], [ints], [np.float16])
    assert_same(xt.asarray(got, dtype=got.dtype), np.sqrt(ints), rtol=0)
    (got,) = _run(module, built["exp"], [a], [np.float16])
    assert_same(xt.asarray(got, dtype=got.dtype), np.exp(a), rtol=ULP16)
    frac, whole = _run(module, built["modf"], [a], [np.float16, np.float16])
    for g, w in zip((frac, whole), np.modf(a)):
        assert_same(xt.asarray(g, dtype=g.dtype), w, rtol=0)


@needs_cxx
def test_float16_reductions_on_the_device_path():
    a = np.random.default_rng(2).uniform(-4, 4, (6, 300)).astype(np.float16)
    calls = {name: (lambda n: lambda x: getattr(xt, n)(x, axis=1))(name) for name in REDUCTIONS}
    calls = {n: f for n, f in calls.items() if not n.startswith(("cumulative", "count"))}
    sim = _Simulator()
    with device_path(sim):
        for call in calls.values():
            call(_x(a))  # recording pass: learn which kernels the calls need
    assert all("_f16_" in name for name in sim.entries) and len(sim.entries) >= len(calls)
    sim.modules = build_modules([list(sim.entries.values())])
    for name, call in calls.items():
        want = getattr(np, REDUCTIONS[name])(a, axis=1)
        with device_path(sim):
            got = call(_x(a))
        assert_same(got, want, rtol=4 * ULP16 if want.dtype == np.float16 else None, err_msg=name)
