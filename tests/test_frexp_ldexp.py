"""frexp and ldexp: NumPy's ufuncs whose dtypes are not one common dtype (issue #9).

frexp has two outputs of different dtypes (`OpSpec.output_dtypes`): the mantissa in the
input's float dtype (Promotion.INT_TO_FLOAT) and the exponent int32. ldexp (Promotion.FROM_X1)
takes its float dtype from x1 alone, with x2 an integer exponent. NumPy is the oracle on the
CPU; the CUDA plans run through the host simulator, and NVRTC compiles their kernels where it
is installed.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import arrays, assert_same
from xtensor._backends.cuda import CUDABackend
from xtensor._core import dtypes as _dtypes
from xtensor._core.dtypes import Promotion
from xtensor._dispatch.elementwise import ElementwiseOp
from xtensor._jit import codegen, compiler
from xtensor._jit.hostsim import build_modules, have_compiler
from xtensor._jit.hostsim.driver import elementwise_entry
from xtensor._jit.plan import launch_pieces
from xtensor._ops.elementwise import BY_NAME

REAL_IN = ("bool", "int8", "uint8", "int16", "uint16", "int32", "int64", "float16", "float32")
REAL_IN += ("float64",)
EXPONENTS = ("bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64")
SPECIAL = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 5e-324, 1.5, -3.0, 1e308, 2.0**-1030])


def _xt(a):
    return xt.asarray(a) if isinstance(a, np.ndarray) else a


# --- frexp ------------------------------------------------------------------------------------


@given(data=st.data(), dtype=st.sampled_from(REAL_IN))
def test_frexp_matches_numpy(data, dtype):
    x = data.draw(arrays(dtype), label="x")
    mantissa, exponent = xt.frexp(xt.asarray(x))
    want_m, want_e = np.frexp(x)
    assert_same(mantissa, want_m, rtol=0, err_msg="mantissa")
    assert_same(exponent, want_e, rtol=0, err_msg="exponent")


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_frexp_special_values(dtype):
    with np.errstate(all="ignore"):
        x = SPECIAL.astype(dtype)
    got = xt.frexp(xt.asarray(x))
    for g, w in zip(got, np.frexp(x)):
        assert_same(g, w, rtol=0)
        np.testing.assert_array_equal(np.signbit(np.asarray(g)), np.signbit(w))


def test_frexp_out_and_where():
    x = np.array([0.75, -6.0, 1024.0, 0.1], np.float32)
    m, e = xt.empty(4, dtype=xt.float64), xt.empty(4, dtype=xt.int64)
    got = xt.frexp(xt.asarray(x), out=(m, e), casting="safe")
    assert got[0] is m and got[1] is e
    want_m, want_e = np.frexp(x, out=(np.empty(4), np.empty(4, np.int64)), casting="safe")
    assert_same(m, want_m)
    assert_same(e, want_e)
    m, e = xt.zeros(4, dtype=xt.float32), xt.zeros(4, dtype=xt.int32)
    xt.frexp(xt.asarray(x), m, e, where=xt.asarray([True, False, True, False]))
    np.testing.assert_array_equal(np.asarray(m), [0.75, 0, 0.5, 0])
    np.testing.assert_array_equal(np.asarray(e), [0, 0, 11, 0])
    masked = xt.frexp(xt.asarray(x), where=xt.asarray(True), out=(None, None))
    assert (masked[0].dtype, masked[1].dtype) == (xt.float32, xt.int32)


def test_frexp_errors_and_ufunc_attributes():
    with pytest.raises(TypeError, match="^frexp: x has dtype complex128"):
        xt.frexp(xt.asarray([1j]))
    with pytest.raises(TypeError, match="^frexp: "):  # as NumPy: int32 -> bool is no same_kind
        xt.frexp(xt.asarray([1.5]), out=(xt.empty(1), xt.empty(1, dtype=xt.bool)))
    assert (xt.frexp.nin, xt.frexp.nout) == (np.frexp.nin, np.frexp.nout)
    assert xt.frexp.types == [t for t in np.frexp.types if t != "g->gi"]
    assert isinstance(xt.frexp, xt.ufunc) and xt.frexp.__name__ == "frexp"


# --- ldexp ------------------------------------------------------------------------------------


@given(data=st.data(), x_dtype=st.sampled_from(REAL_IN), e_dtype=st.sampled_from(EXPONENTS))
def test_ldexp_matches_numpy(data, x_dtype, e_dtype):
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3), label="s")
    x = data.draw(arrays(x_dtype, shape=shapes.input_shapes[0]), label="x")
    e = data.draw(arrays(e_dtype, shape=shapes.input_shapes[1]), label="e")
    if e.dtype.kind in "iu":
        e = (e % 80).astype(e_dtype) - (40 if e.dtype.kind == "i" else 0)  # mostly finite
    with np.errstate(all="ignore"):
        want = np.ldexp(x, e)
        got = xt.ldexp(xt.asarray(x), xt.asarray(e))
    assert_same(got, want, rtol=0)


@pytest.mark.parametrize(
    "x1,x2",
    [
        (np.float32([1.5, -2.0]), 3),
        (np.float16([1.5, -2.0]), -2),
        (np.int16([3, -4]), 5),
        (np.float32([1.5, 0.0]), True),
        (2.0, np.arange(-3, 3, dtype=np.int8)),
        (np.float64(3.0), np.int64(4)),
        (np.float32([3.0, -1.0, 0.0]), np.array([2**40, -(2**40), 2**62])),
        (np.float64([1.0, 3.0]), np.array([2**32 - 1, 5], np.uint32)),
        (SPECIAL, np.int32(3)),
    ],
)
def test_ldexp_scalars_and_huge_exponents(x1, x2):
    with np.errstate(all="ignore"):
        want = np.ldexp(x1, x2)
        got = xt.ldexp(_xt(x1), _xt(x2))
    assert_same(got, want, rtol=0)


def test_ldexp_dtype_follows_x1_alone():
    x = xt.asarray([1.0, 2.0], dtype=xt.float32)
    for e in (xt.asarray([1, 2], dtype=xt.int64), 3, xt.asarray([True, False])):
        assert xt.ldexp(x, e).dtype == xt.float32 == np.ldexp(np.float32([1, 2]), 3).dtype
    assert _dtypes.compute_dtype(Promotion.FROM_X1, _dtypes.int16) is _dtypes.float32


def test_ldexp_out_and_casting():
    x = xt.asarray([1.0, 2.0], dtype=xt.float32)
    out = xt.empty(2)
    assert xt.ldexp(x, 3, out=out) is out
    np.testing.assert_array_equal(np.asarray(out), [8.0, 16.0])
    with pytest.raises(TypeError, match="ldexp"):
        xt.ldexp(x, 3, out=xt.empty(2, dtype=xt.int32))


@pytest.mark.parametrize(
    "args,match",
    [
        ((np.float32([1.0]), 2.5), "x2 has a Python float"),
        ((np.float32([1.0]), np.float32([2.0])), "x2 has dtype float32"),
        ((np.complex64([1.0]), 2), "x1 has dtype complex64"),
        ((1j, np.int8([2])), "x1 has a Python complex"),
    ],
)
def test_ldexp_errors_match_numpy(args, match):
    with pytest.raises(TypeError):
        np.ldexp(*args)
    with pytest.raises(TypeError, match=rf"^ldexp: {match}"):
        xt.ldexp(*[_xt(a) for a in args])


def test_ldexp_ufunc_attributes():
    assert (xt.ldexp.nin, xt.ldexp.nout) == (2, 1)
    assert isinstance(xt.ldexp, xt.ufunc)
    assert set(xt.ldexp.types) <= set(np.ldexp.types) and "fi->f" in xt.ldexp.types


# --- CUDA: the backend's plans, run by the host simulator ----------------------------------------

_RNG = np.random.default_rng(5)
WIRING = {
    "frexp_float32_strided": (
        "frexp",
        lambda: [_RNG.uniform(-1e6, 1e6, 301).astype(np.float32)[::3]],
    ),
    "frexp_float64_special": ("frexp", lambda: [SPECIAL]),
    "frexp_int16_casting": ("frexp", lambda: [np.arange(-300, 300, 7, dtype=np.int16)]),
    "ldexp_float32_int64": (
        "ldexp",
        lambda: [np.float32([1.5, -3.0, 0.0, np.inf]), np.array([3, -140, 2**40, 7])],
    ),
    "ldexp_float64_scalar_rhs": ("ldexp", lambda: [SPECIAL, -3]),
    "ldexp_int8_broadcast": (
        "ldexp",
        lambda: [np.arange(-5, 5, dtype=np.int8)[:, None], np.arange(4, dtype=np.int8)[None, :]],
    ),
}


@pytest.fixture(scope="module")
def wired():
    plans = {}
    for case, (name, make) in WIRING.items():
        data, launched, iters = make(), [], []
        backend = CUDABackend(launcher=lambda desc, plan, out=launched: out.append((desc, plan)))
        run = backend.elementwise
        backend.elementwise = lambda op, it, run=run, iters=iters: (iters.append(it), run(op, it))
        ElementwiseOp(BY_NAME[name]).run(data, data, backend=backend)
        ((desc, plan),) = launched
        plans[case] = (data, iters[0], desc, launch_pieces(desc, plan))
    entries = {}
    for _, _, desc, pieces in plans.values():
        for variant, _ in pieces:
            entry = elementwise_entry(desc, variant)
            entries[entry[0]] = entry
    return plans, build_modules([list(entries.values())])


@pytest.mark.skipif(not have_compiler(), reason="no C++ compiler")
@pytest.mark.parametrize("case", sorted(WIRING))
def test_cuda_plans_match_numpy(wired, case):
    plans, modules = wired
    data, it, desc, pieces = plans[case]
    for variant, piece in pieces:
        name = codegen.kernel_name(desc, variant)
        next(m for m in modules if name in m.names).launch(desc, variant, piece)
    with np.errstate(all="ignore"):
        wants = getattr(np, WIRING[case][0])(*data)
    wants = wants if isinstance(wants, tuple) else (wants,)
    for got, want in zip(it.outputs, wants, strict=True):
        assert_same(xt.asarray(got), want, rtol=0, err_msg=case)


@pytest.mark.skipif(not compiler.have_nvrtc(), reason="NVRTC not installed")
def test_kernels_compile_with_nvrtc(wired):
    plans, _ = wired
    kernels = {}
    for _, _, desc, pieces in plans.values():
        for variant, _ in pieces:
            kernels[codegen.kernel_name(desc, variant)] = codegen.generate_kernel(desc, variant)
    source = codegen.support_source() + "\n" + "\n".join(kernels.values())
    cubin = compiler.compile_source(source, "frexp_ldexp", arch="sm_80")
    assert cubin[:4] == b"\x7fELF" and len(kernels) >= len(WIRING)
