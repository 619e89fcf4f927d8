"""NumPy's ufuncs that the standard lacks (op-table records with `since="numpy"`) against NumPy.

The CPU path over every dtype NumPy allows (hypothesis: 0-d, empty, non-contiguous and
broadcast operands, Python scalars on either side), special values and mixed dtypes; the
errors NumPy raises; and the CUDA computation strings, compiled with NVRTC and run by the host
simulator on special values (tests/test_jit_hostsim.py covers only the standard's 67 ops).

The facts below (domains, which ops compute in floating point) are written from NumPy's loop
lists (`numpy.<ufunc>.types`), not read from xtensor's table.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import ALL_DTYPES, INT_DTYPES, RTOL, arrays, assert_same
from xtensor._backends.cuda import CUDABackend
from xtensor._dispatch.elementwise import ElementwiseOp
from xtensor._jit import codegen, compiler
from xtensor._jit.ctype_names import ctype_of, dtype_of
from xtensor._jit.descriptor import KernelDescriptor, ScalarPos, Variant
from xtensor._jit.hostsim import build_modules, have_compiler
from xtensor._jit.hostsim.driver import elementwise_entry
from xtensor._jit.plan import LaunchPlan, launch_pieces
from xtensor._ops.cuda import NUMPY_BY_NAME
from xtensor._ops.elementwise import BY_NAME as TABLE

BOOL = ("bool",)
FLOAT = ("float32", "float64")
REAL_NUMERIC = INT_DTYPES + FLOAT
REAL = BOOL + REAL_NUMERIC
_TRANSCENDENTAL = 4e-6  # a few ulp of float32: NumPy's SIMD and scalar loops differ by that


@dataclass(frozen=True)
class Info:
    name: str
    nin: int
    dtypes: tuple
    float_math: bool = False  # bool and integer inputs compute in floating point
    tolerance: float = 0.0
    zero_sign: bool = True  # the sign of a zero result is NumPy's (fmax/fmin ties: unspecified)
    nout: int = 1


INFOS = (
    Info("cbrt", 1, REAL, True, _TRANSCENDENTAL),
    Info("modf", 1, REAL, True, nout=2),
    Info("deg2rad", 1, REAL, True, 1e-15),
    Info("exp2", 1, ALL_DTYPES, True, _TRANSCENDENTAL),
    Info("fabs", 1, REAL, True),
    Info("rad2deg", 1, REAL, True, 1e-15),
    Info("rint", 1, ALL_DTYPES, True),
    Info("spacing", 1, REAL, True),
    Info("divmod", 2, REAL_NUMERIC, nout=2),
    Info("fmax", 2, ALL_DTYPES, zero_sign=False),
    Info("fmin", 2, ALL_DTYPES, zero_sign=False),
    Info("fmod", 2, REAL_NUMERIC),
    Info("gcd", 2, INT_DTYPES),
    Info("heaviside", 2, REAL, True),
    Info("lcm", 2, INT_DTYPES),
    Info("logaddexp2", 2, REAL, True, _TRANSCENDENTAL),
    Info("bitwise_count", 1, BOOL + INT_DTYPES),
    Info("float_power", 2, ALL_DTYPES, tolerance=1e-12),
)
BY_NAME = {info.name: info for info in INFOS}
ALIASES = {"degrees": "rad2deg", "radians": "deg2rad"}


def _outputs(result) -> tuple:
    return tuple(result) if isinstance(result, tuple) else (result,)


def _numpy(name, inputs) -> tuple:
    """NumPy's outputs, float16 ones included (`cbrt` of int8 is float16 in both)."""
    return tuple(np.asarray(w) for w in _outputs(getattr(np, name)(*inputs)))


def _family(e: Exception) -> type:
    return next(t for t in (OverflowError, TypeError, ValueError, Exception) if isinstance(e, t))


def _check(info, inputs):
    """xtensor's outputs equal NumPy's (dtype, shape, values, signed zeros), or both raise."""
    xt_inputs = [xt.asarray(a) if isinstance(a, np.ndarray) else a for a in inputs]
    try:
        want = _numpy(info.name, inputs)
    except Exception as e:  # noqa: BLE001 - NumPy refuses the call: xtensor must refuse it too
        with pytest.raises(_family(e)):
            getattr(xt, info.name)(*xt_inputs)
        return
    got = _outputs(getattr(xt, info.name)(*xt_inputs))
    assert len(got) == len(want) == info.nout, info.name
    for g, w in zip(got, want):
        rtol = max(RTOL[w.dtype.name], info.tolerance) if w.dtype.kind in "fc" else None
        assert_same(g, w, rtol=rtol, signed_zeros=info.zero_sign, err_msg=info.name)


@st.composite
def _operands(draw, info):
    dtype = draw(st.sampled_from(info.dtypes))
    shapes = draw(
        hnp.mutually_broadcastable_shapes(num_shapes=info.nin, max_dims=3, max_side=4)
    ).input_shapes
    return [draw(arrays(dtype, shape=s)) for s in shapes]


@pytest.mark.parametrize("name", sorted(BY_NAME))
@given(data=st.data())
def test_matches_numpy(name, data):
    info = BY_NAME[name]
    _check(info, data.draw(_operands(info), label="inputs"))


def _python_scalar(a: np.ndarray, draw):
    kind = a.dtype.kind
    if kind == "b":
        return draw(st.booleans())
    if kind in "iu":
        info = np.iinfo(a.dtype)
        return draw(st.integers(int(info.min), int(info.max)) | st.sampled_from([0, -1, 2]))
    if kind == "f":
        return draw(st.floats(allow_subnormal=False) | st.sampled_from([0.0, -0.0, 0.5]))
    return draw(st.complex_numbers(max_magnitude=1e6))


@pytest.mark.parametrize("name", sorted(n for n, i in BY_NAME.items() if i.nin == 2))
@given(data=st.data(), scalar_first=st.booleans(), other_kind=st.booleans())
def test_python_scalar_operands(name, data, scalar_first, other_kind):
    """NEP 50: a Python scalar takes the array's dtype, or brings its kind's default."""
    info = BY_NAME[name]
    a, b = data.draw(_operands(info), label="inputs")
    s = _python_scalar(b, data.draw)
    if other_kind:  # a scalar of another kind than the array: int with floats and vice versa
        s = float(s) if isinstance(s, (bool, int)) else int(s.real) if math.isfinite(s.real) else 1
    inputs = [s, a] if scalar_first else [a, s]
    _check(info, inputs)


def _known_difference(info, d1: str, d2: str) -> bool:
    """xtensor computes a float-math op on mixed integers in the float of their integer join:
    int8 or int16 with uint16 join at int32, so float64, where NumPy finds float32 loops for
    both (the standard's atan2, hypot and logaddexp share this; the rule is `_core.dtypes`')."""
    pair = {d1, d2}
    return info.float_math and "uint16" in pair and bool(pair & {"int8", "int16"})


@pytest.mark.parametrize("name", sorted(BY_NAME))
def test_mixed_dtypes_promote_as_numpy(name):
    info = BY_NAME[name]
    for d1 in info.dtypes:
        for d2 in info.dtypes if info.nin == 2 else (d1,):
            if _known_difference(info, d1, d2):
                continue
            inputs = [np.array([1, 2, 0]).astype(d1), np.array([3, 0, 1]).astype(d2)][: info.nin]
            _check(info, inputs)


@pytest.mark.parametrize(
    "name,dtype",
    [("heaviside", "int16"), ("divmod", "float64"), ("lcm", "int32"), ("modf", "uint8")],
)
def test_large_operands_in_parallel_chunks(name, dtype):
    """Past 2 * GRAIN_SIZE elements the iterator splits the work into chunks (threads)."""
    rng = np.random.default_rng(5)
    x = rng.integers(-100, 100, (3, 200_001)).astype(dtype)[:, ::-1]
    _check(BY_NAME[name], [x, x[::-1] // 3][: BY_NAME[name].nin])


# --- special values --------------------------------------------------------------------------

F_SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, 7.0, 1e-310, 1e30, -1e30]
F_SPECIAL += [math.inf, -math.inf, math.nan]
C_PARTS = [0.0, -0.0, 1.0, -1.5, math.inf, -math.inf, math.nan]


def special_values(dtype: str) -> np.ndarray:
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return np.array([False, True])
    if dt.kind in "iu":
        info = np.iinfo(dt)
        values = {0, 1, 2, 3, 6, 7, 12, 100, int(info.max), int(info.max) - 1, int(info.min)}
        if dt.kind == "i":
            values |= {-1, -2, -6, -7, -12, int(info.min) + 1}
        return np.array(sorted(values), dtype=dt)
    if dt.kind == "f":
        finfo = np.finfo(dt)
        return np.array(F_SPECIAL + [finfo.max, -finfo.max, finfo.smallest_subnormal], dtype=dt)
    return np.array([complex(a, b) for a in C_PARTS for b in C_PARTS], dtype=dt)


def special_inputs(nin: int, dtype: str) -> list[np.ndarray]:
    values = special_values(dtype)
    if nin == 1:
        return [values]
    a, b = np.meshgrid(values, values, indexing="ij")
    return [a.ravel().copy(), b.ravel().copy()]


SPECIAL_CASES = [(i.name, d) for i in INFOS for d in i.dtypes]


@pytest.mark.parametrize("name,dtype", SPECIAL_CASES, ids=[f"{n}-{d}" for n, d in SPECIAL_CASES])
def test_special_values(name, dtype):
    """inf, NaN, -0.0, subnormals, integer extremes and zero divisors (fmod, gcd, lcm)."""
    _check(BY_NAME[name], special_inputs(BY_NAME[name].nin, dtype))


def test_integer_edge_cases_by_example():
    i8 = xt.asarray([-128, -128, 0, 12, -12, 5], dtype=xt.int8)
    other = xt.asarray([0, -1, 0, -18, 0, 0], dtype=xt.int8)
    assert xt.gcd(i8, other).tolist() == [-128, 1, 0, 6, 12, 5]  # gcd(MIN, 0) wraps, as NumPy
    assert xt.lcm(i8, other).tolist() == [0, -128, 0, 36, 0, 0]
    assert xt.fmod(i8, other).tolist() == [0, 0, 0, 12, 0, 0]  # x % 0 and MIN % -1 give 0
    assert xt.fmod(xt.asarray([-7, 7]), 3).tolist() == [-1, 1]  # the sign of x1, unlike %


# --- names and errors ------------------------------------------------------------------------


def test_numpy_aliases_are_the_same_functions():
    for alias, name in ALIASES.items():
        assert getattr(xt, alias) is getattr(xt, name), alias
        x = np.array([0.0, 45.0, -180.0, math.pi])
        assert_same(getattr(xt, alias)(xt.asarray(x)), getattr(np, alias)(x))


def test_public_functions_are_documented():
    for info in INFOS:
        func = getattr(xt, info.name)
        assert func.__name__ == info.name and func.__module__ == "xtensor"
        assert info.name in xt.__all__ and func.__doc__


@pytest.mark.parametrize(
    "name,args",
    [
        ("cbrt", [np.array([1j])]),
        ("fabs", [np.array([1 + 1j], np.complex64)]),
        ("spacing", [np.array([1j])]),
        ("gcd", [np.array([True]), np.array([True])]),
        ("gcd", [np.array([1.5]), np.array([2])]),
        ("gcd", [np.array([4], np.int8), 2.0]),
        ("gcd", [np.array([4], np.int8), 300]),
        ("gcd", [np.array([4], np.uint64), np.array([2], np.int64)]),
        ("lcm", [np.array([4], np.uint8), -1]),
        ("fmod", [np.array([1j]), np.array([1.0])]),
        ("heaviside", [np.array([1.0]), np.array([1j])]),
        ("logaddexp2", [np.array([1j]), 1.0]),
    ],
)
def test_errors_match_numpy(name, args):
    with pytest.raises(Exception) as want:  # noqa: PT011 - the class is NumPy's, checked below
        getattr(np, name)(*args)
    xt_args = [xt.asarray(a) if isinstance(a, np.ndarray) else a for a in args]
    with pytest.raises(_family(want.value), match=rf"^{name}: "):
        getattr(xt, name)(*xt_args)


# --- CUDA: NVRTC compiles every string, the host simulator runs it ---------------------------

SMALL = ("bool", "int8", "uint8", "int16", "uint16")  # compute in float16 or float32, as NumPy

# Records with their own test file (tests/test_frexp_ldexp.py: promotion kind FROM_X1 and
# frexp's fixed int32 output, which Info and `_desc` do not describe).
OWN_FILE = ("frexp", "ldexp")
# Strings simulated here outside INFOS (ldexp with exponents in the compute type, as the
# dispatcher passes them): name: (nin, compute dtypes, result dtype or None for the compute).
PENDING = {
    "ldexp": (2, FLOAT, None),
}
RESULTS = {"bitwise_count": "uint8"}  # records whose result dtype is not the compute dtype


def _compute(name: str, dtype: str) -> str:
    """The dtype a record's kernel computes in for input `dtype`."""
    if name == "float_power":
        return "complex128" if np.dtype(dtype).kind == "c" else "float64"
    if name == "bitwise_count" and dtype == "bool":
        return "int8"
    if not BY_NAME[name].float_math or np.dtype(dtype).kind in "fc":
        return dtype
    return np.sqrt(np.ones(1, dtype)).dtype.name if dtype in SMALL else "float64"


def _sim_cases():
    cases = [(i.name, _compute(i.name, d)) for i in INFOS for d in i.dtypes]
    cases += [(n, d) for n, (_, dtypes, _) in PENDING.items() for d in dtypes]
    return sorted(set(cases))


SIM_CASES = _sim_cases()
# xt_spacing runs in the half type's opmath (float), so it answers float's spacing, not half's.
_SIM_BUGS = {("spacing", "float16"): "CUDA spacing of float16 computes float's spacing"}
SIM_PARAMS = [
    pytest.param(n, c, id=f"{n}-{c}", marks=[pytest.mark.xfail(reason=r, strict=True)])
    if (r := _SIM_BUGS.get((n, c)))
    else pytest.param(n, c, id=f"{n}-{c}")
    for n, c in SIM_CASES
]


def _nin(name: str) -> int:
    return PENDING[name][0] if name in PENDING else BY_NAME[name].nin


def _desc(name: str, compute: str, input_dtypes=None) -> KernelDescriptor:
    nin, result = _nin(name), PENDING[name][2] if name in PENDING else RESULTS.get(name)
    nout = BY_NAME[name].nout if name in BY_NAME else 1
    code = TABLE[name].cuda if name in TABLE else NUMPY_BY_NAME[name]
    inputs = input_dtypes or (compute,) * nin
    return KernelDescriptor(
        name=name,
        code=code,
        nin=nin,
        nout=nout,
        input_ctypes=tuple(ctype_of(d) for d in inputs),
        compute_ctype=ctype_of(compute),
        result_ctypes=(ctype_of(result or compute),) * nout,
    )


def test_table_strings_are_the_numpy_only_strings():
    numpy_records = {op.name: op.cuda for op in TABLE.values() if not op.standard}
    assert set(numpy_records) == set(BY_NAME) | set(OWN_FILE)
    assert set(NUMPY_BY_NAME) == set(BY_NAME) | set(PENDING) | set(OWN_FILE)
    for name, code in NUMPY_BY_NAME.items():
        assert f"xt_{name}(" in code, name
        if name in numpy_records:
            assert numpy_records[name] == code, name


def _sim_reference(name: str, inputs: list[np.ndarray]) -> tuple:
    if name == "ldexp":  # the exponent arrives in the compute type; NumPy wants an int
        exponent = np.nan_to_num(inputs[1]).clip(-3000, 3000).astype(np.int32)
        return (np.ldexp(inputs[0], exponent),)
    return tuple(np.asarray(w) for w in _outputs(getattr(np, name)(*inputs)))


def _sim_inputs(name: str, compute: str) -> list[np.ndarray]:
    inputs = special_inputs(_nin(name), compute)
    if name == "ldexp":  # integer-valued exponents, as the dispatcher would pass them
        exps = np.array([0, 1, -1, 3, -3, 60, -60, 200, -200, 1100, -1100, 2**40], np.int64)
        x, e = np.meshgrid(special_values(compute), exps.astype(compute), indexing="ij")
        inputs = [x.ravel().copy(), e.ravel().copy()]
    return inputs


def _close(got: np.ndarray, want: np.ndarray, tol: float, zero_sign: bool) -> np.ndarray:
    """Same NaN pattern, equal values (signed zeros when `zero_sign`), else relative error."""
    if got.dtype.kind == "c":
        return _close(got.real, want.real, tol, zero_sign) & _close(
            got.imag, want.imag, tol, zero_sign
        )
    if got.dtype.kind != "f":
        return got == want
    same = got == want
    if zero_sign:
        same &= np.signbit(got) == np.signbit(want)
    rel = np.isfinite(want) & (np.abs(got - want) <= tol * np.abs(want))
    return same | (np.isnan(got) & np.isnan(want)) | rel


# float16 results are float math rounded once; NumPy's float16 loops may round a last bit apart.
SIM_RTOL = {"float16": 1e-3, "float32": 2e-7, "complex64": 2e-7}
needs_hostsim = pytest.mark.skipif(not have_compiler(), reason="no C++ compiler")


@pytest.fixture(scope="module")
def sim_modules():
    entries = [elementwise_entry(_desc(name, compute), Variant()) for name, compute in SIM_CASES]
    return build_modules([entries[::2], entries[1::2]])


@needs_hostsim
@pytest.mark.parametrize("name,compute", SIM_PARAMS)
def test_cuda_string_matches_numpy_on_special_values(sim_modules, name, compute):
    desc = _desc(name, compute)
    inputs = _sim_inputs(name, compute)
    with np.errstate(all="ignore"):
        wants = _sim_reference(name, inputs)
    gots = [np.empty(w.shape, dtype_of(c)) for w, c in zip(wants, desc.result_ctypes)]
    arrays_ = [*gots, *inputs]
    plan = LaunchPlan(
        gots[0].shape,
        tuple(a.strides for a in arrays_),
        tuple(a.dtype for a in arrays_),
        tuple(a.ctypes.data for a in arrays_),
        np.dtype(compute),
    )
    module = next(m for m in sim_modules if codegen.kernel_name(desc, Variant()) in m.names)
    module.launch(desc, Variant(), plan)
    info = BY_NAME.get(name, Info(name, 2, (), tolerance=1e-12 if name == "float_power" else 0))
    for k, (got, want) in enumerate(zip(gots, wants)):
        tol = 0.0
        if got.dtype.kind in "fc":
            tol = max(info.tolerance, SIM_RTOL.get(got.dtype.name, 1e-15))
        ok = _close(got, want, tol, info.zero_sign)
        if name == "float_power" and got.dtype.kind == "c":
            # Complex powers with a non-finite operand are the implementation's (as for pow).
            ok |= ~(np.isfinite(inputs[0]) & np.isfinite(inputs[1]))
        bad = np.flatnonzero(~ok)[:6]
        detail = [(tuple(a[i] for a in inputs), got[i], want[i]) for i in bad]
        assert ok.all(), f"{name}[{compute}] output {k} (inputs, kernel, numpy): {detail}"


def _variants(name: str, compute: str):
    nin, desc = _nin(name), _desc(name, compute)
    yield desc, Variant(contiguous=True, vec_size=2 if np.dtype(compute).itemsize <= 8 else 1)
    yield desc, Variant(contiguous=False, index_bits=64)
    source = "int16" if compute != "int16" else "int8"
    cast = _desc(name, compute, (source,) + (compute,) * (nin - 1))
    yield cast, Variant(contiguous=False, dynamic_casting=True, index_bits=32)
    if nin == 2:
        yield desc, Variant(contiguous=True, vec_size=1, scalar_pos=ScalarPos.LHS)
        yield desc, Variant(contiguous=False, scalar_pos=ScalarPos.RHS)


@pytest.mark.skipif(
    not compiler.have_nvrtc() and not os.environ.get("CI"), reason="NVRTC not installed"
)
def test_every_string_compiles_with_nvrtc_for_every_dtype():
    """One NVRTC program (PTX, -G: front end and code generation) with every NumPy-only op x
    compute dtype x variant kind; then the optimizing pipeline on the widest dtypes."""
    kernels = {}
    for name, compute in SIM_CASES:
        for desc, variant in _variants(name, compute):
            kernels[codegen.kernel_name(desc, variant)] = codegen.generate_kernel(desc, variant)
    source = codegen.support_source() + "\n" + "\n".join(kernels.values())
    compiler.compile_source(source, "batch_numpy_ufuncs", arch="compute_80", options=("-G",))
    # The optimizer and ptxas too (CUBIN for sm_80), on one kernel per op.
    rank = {"complex128": 0, "float64": 1, "int64": 2}  # one dtype per op, its widest
    widest = {}
    for name, compute in SIM_CASES:
        if rank.get(compute, 3) < rank.get(widest.get(name), 4):
            widest[name] = compute
    optimized = [next(_variants(n, c)) for n, c in sorted(widest.items())]
    cubin = compiler.compile_source(
        codegen.support_source() + "\n" + "\n".join(codegen.generate_kernel(*p) for p in optimized),
        "batch_numpy_ufuncs_opt",
        arch="sm_80",
    )
    assert cubin[:4] == b"\x7fELF" and len(kernels) > 200


# --- CUDA: the backend's wiring (records -> iterator -> descriptor -> kernel), simulated ---------

_rng = np.random.default_rng(9)
_F32 = _rng.uniform(-30, 30, 257).astype(np.float32)
_M = _rng.integers(-1000, 1000, (13, 17))
_SPECIAL = np.array([np.inf, -np.inf, 3.0, -3.0, 0.0, -0.0, np.nan, 1.5, 1e-310])
WIRING = {
    "cbrt_int16_casting": ("cbrt", lambda: [np.arange(-40, 40, dtype=np.int16)]),
    "divmod_float_special": ("divmod", lambda: [_SPECIAL[:, None], _SPECIAL[None, ::-1]]),
    "divmod_int8_scalar_lhs": ("divmod", lambda: [-100, np.arange(-128, 128, dtype=np.int8)]),
    "modf_float32_strided": ("modf", lambda: [_F32[::3]]),
    "exp2_complex64_reversed": ("exp2", lambda: [(_F32 + 1j * _F32[::-1]).astype(np.complex64)]),
    "fmax_broadcast_special": ("fmax", lambda: [_SPECIAL[:, None], _SPECIAL[None, :]]),
    "fmin_bool": ("fmin", lambda: [_M > 0, _M.T.copy().T < 100]),
    "fmod_int8_scalar_rhs": ("fmod", lambda: [np.arange(-128, 128, dtype=np.int8), -3]),
    "gcd_transposed_scalar": ("gcd", lambda: [_M.T, 12]),
    "lcm_uint16_mixed": ("lcm", lambda: [_M.astype(np.uint16) % 50, np.full((1, 17), 6, np.uint8)]),
    "heaviside_scalar_h0": ("heaviside", lambda: [_SPECIAL, 0.5]),
    "logaddexp2_scalar_lhs": ("logaddexp2", lambda: [1.5, _F32]),
    "spacing_float64": ("spacing", lambda: [_SPECIAL]),
}


@pytest.fixture(scope="module")
def wired():
    """Each case planned by the CUDA backend (the launcher records instead of launching, on
    host memory), then every kernel the launches need built into host libraries."""
    plans = {}
    for case, (name, make) in WIRING.items():
        data, launched, iters = make(), [], []
        backend = CUDABackend(
            launcher=lambda desc, plan, launched=launched: launched.append((desc, plan))
        )
        run = backend.elementwise
        backend.elementwise = lambda op, it, run=run, iters=iters: (iters.append(it), run(op, it))
        ElementwiseOp(TABLE[name]).run(data, data, backend=backend)
        ((desc, plan),) = launched
        plans[case] = (data, iters[0], desc, launch_pieces(desc, plan))
    entries = {}
    for _, _, desc, pieces in plans.values():
        for variant, _ in pieces:
            entry = elementwise_entry(desc, variant)
            entries[entry[0]] = entry
    groups = [list(entries.values())[i::2] for i in range(2)]
    return plans, build_modules([g for g in groups if g])


@needs_hostsim
@pytest.mark.parametrize("case", sorted(WIRING))
def test_cuda_backend_kernels_match_the_cpu_path(wired, case):
    plans, modules = wired
    data, it, desc, pieces = plans[case]
    for variant, piece in pieces:
        name = codegen.kernel_name(desc, variant)
        next(m for m in modules if name in m.names).launch(desc, variant, piece)
    name = WIRING[case][0]
    wants = getattr(xt, name)(*[xt.asarray(d) if isinstance(d, np.ndarray) else d for d in data])
    for got, want in zip(it.outputs, _outputs(wants), strict=True):
        rtol = max(RTOL.get(np.asarray(want).dtype.name, 0), BY_NAME[name].tolerance)
        assert_same(xt.asarray(got), np.asarray(want), rtol=rtol or None, err_msg=case)


@pytest.mark.parametrize("name", ["matmul", "vecdot", "matvec", "vecmat"])
def test_the_generalized_ufuncs_carry_numpys_attributes(name):
    """`np.matmul.signature` and friends, as NumPy's gufuncs give them."""
    got, want = getattr(xt, name), getattr(np, name)
    for attribute in ("nin", "nout", "nargs", "ntypes", "types", "identity", "signature"):
        assert getattr(got, attribute) == getattr(want, attribute), attribute
