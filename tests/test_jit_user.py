"""User kernels (`xtensor.jit.elementwise`) without a GPU: parsing, argument checks, real NVRTC
compiles of the generated source, compile-error reports, and the generated kernels run by the
host simulator on NumPy memory through the exact plan a GPU call builds (`ElementwiseKernel.plan`).
"""

from __future__ import annotations

import numpy as np
import pytest

import xtensor as xt
from xtensor._jit import CompileError, generate_code, kernel_name
from xtensor._jit.compiler import compile_source, have_nvrtc
from xtensor._jit.hostsim import build_modules, have_compiler
from xtensor._jit.hostsim.driver import elementwise_entry
from xtensor._jit.plan import launch_pieces

AXPY = "template <typename T> __device__ T axpy(T a, T x, T y) { return a * x + y; }"
SINCOS = """
template <typename T>
__device__ void sincos_pair(T x, T& s, T& c) {
  s = sin(x);
  c = cos(x);
}
"""
HELPERS = """
template <typename T> __device__ T square(T x) { return x * x; }
template <typename T> __device__ __forceinline__ T hypot2(T a, T b) {
  return square(a) + square(b);
}
"""
CLAMP = (
    "template <typename T> __device__ T clamp3(T x, T lo, T hi) "
    "{ return x < lo ? lo : (x > hi ? hi : x); }"
)
MINMAX = (
    "template <typename T> __device__ void minmax(T a, T b, T& lo, T& hi) "
    "{ lo = a < b ? a : b; hi = a < b ? b : a; }"
)
CMUL = (
    "template <class T> __device__ xt::complex<T> cmul(xt::complex<T> a, xt::complex<T> b) "
    "{ return a * b; }"
)
needs_nvrtc = pytest.mark.skipif(not have_nvrtc(), reason="NVRTC is not installed")

# ---- parsing and validation -----------------------------------------------------------------


@pytest.mark.parametrize(
    "code, name, nin, nout",
    [
        (AXPY, None, 3, 1),
        (SINCOS, None, 1, 2),
        (HELPERS, "hypot2", 2, 1),
        ("__device__ float twice(float x) { return 2 * x; }", None, 1, 1),
        (CMUL, None, 2, 1),
    ],
)
def test_parses_name_and_arity(code, name, nin, nout):
    kernel = xt.jit.elementwise(code, name=name, num_outputs=nout)
    assert (kernel.nin, kernel.nout) == (nin, nout)
    assert kernel.name == (name or kernel.name) and kernel.name in code
    assert f"xt_user_{kernel.name}" in kernel.code
    assert repr(kernel) == f"<xtensor.jit.elementwise {kernel.name}: {nin} in, {nout} out>"


@pytest.mark.parametrize(
    "code, kwargs, match",
    [
        ("float f(float x) { return x; }", {}, "could not find a __device__ function.*expected"),
        ("not C++ at all", {}, r"template <typename T> __device__ T name\(T a, T b\)"),
        (HELPERS, {}, r"several __device__ functions \(hypot2, square\); pass name="),
        (AXPY, {"name": "saxpy"}, "no __device__ function named 'saxpy'"),
        (SINCOS, {}, "returns void, but num_outputs=1"),
        (AXPY, {"num_outputs": 2}, "must return void and take 2 output references"),
        (
            "template <typename T> __device__ void f(T& a, T& b) { a = b; }",
            {"num_outputs": 2},
            "needs at least one input",
        ),
        (AXPY, {"num_outputs": 0}, "num_outputs must be an int >= 1"),
    ],
)
def test_parse_errors_say_what_was_expected(code, kwargs, match):
    with pytest.raises(ValueError, match=match):
        xt.jit.elementwise(code, **kwargs)


def test_code_must_be_a_string():
    with pytest.raises(TypeError, match="code must be a str; got bytes"):
        xt.jit.elementwise(AXPY.encode())


def test_call_checks_arguments_and_device():
    axpy = xt.jit.elementwise(AXPY)
    x = xt.ones(3)
    with pytest.raises(TypeError, match="axpy: expected 3 arguments, got 2"):
        axpy(x, x)
    with pytest.raises(TypeError, match="axpy: at least one argument must be an array"):
        axpy(1.0, 2.0, 3.0)
    # CPU operands run the same kernel through the host compiler (tests/test_jit_host.py).
    assert xt.all(axpy(2.0, x, x) == 3.0)


def test_cache_functions_are_reexported():
    from xtensor import _jit

    assert xt.jit.cache_info is _jit.cache_info and xt.jit.cache_clear is _jit.cache_clear
    assert xt.jit.CompileError is CompileError
    assert xt.jit.cache_info().misses >= 0


# ---- NVRTC ----------------------------------------------------------------------------------


def _sources(kernel, data):
    """(kernel name, generated source) of every piece the plan launches."""
    _, desc, plan = kernel.plan(data, np)
    return [(kernel_name(desc, v), generate_code(desc, v)) for v, _ in launch_pieces(desc, plan)]


@needs_nvrtc
@pytest.mark.parametrize(
    "kernel, data",
    [
        (xt.jit.elementwise(AXPY), [2.0, np.ones(8, np.float32), np.arange(8, dtype=np.int32)]),
        (xt.jit.elementwise(SINCOS, num_outputs=2), [np.ones((3, 4)).T]),
        (xt.jit.elementwise(HELPERS, name="hypot2"), [np.ones(4, np.complex64), 1.5]),
    ],
    ids=["axpy-scalar-cast", "sincos-strided", "hypot2-complex"],
)
def test_user_kernels_compile_with_nvrtc(kernel, data):
    for name, source in _sources(kernel, data):
        ptx = compile_source(source, name, arch="compute_80")
        assert f".entry {name}".encode() in ptx


@needs_nvrtc
def test_compile_error_carries_log_and_source_line():
    broken = xt.jit.elementwise(
        "template <typename T> __device__ T oops(T a) {\n  return a + undefined_thing;\n}"
    )
    [(name, source)] = _sources(broken, [np.ones(4)])
    with pytest.raises(CompileError) as info:
        compile_source(source, name, arch="compute_80")
    error = info.value
    assert "undefined_thing" in error.log and error.name == name
    message = str(error)
    assert f"NVRTC failed to compile kernel {name}" in message
    assert "> " in message and "return a + undefined_thing;" in message
    assert "return a + undefined_thing;" in error.dump() and "--- log ---" in error.dump()


# ---- host simulation ------------------------------------------------------------------------

rng = np.random.default_rng(11)
A = rng.standard_normal((6, 7))
CASES = {  # case -> (code, name, num_outputs, make inputs, NumPy reference)
    "axpy_scalar_lhs_cast": (
        AXPY,
        None,
        1,
        lambda: [2.5, A.astype(np.float32), np.arange(7, dtype=np.int32)],
        lambda a, x, y: a * x.astype(np.float64) + y,
    ),
    "axpy_broadcast_negative_strides": (
        AXPY,
        None,
        1,
        lambda: [A[:, :1], A[::-1, ::-2], 1.0],
        lambda a, x, y: a * x + y,
    ),
    "hypot2_float32": (
        HELPERS,
        "hypot2",
        1,
        lambda: [A.astype(np.float32), A.T.copy().T.astype(np.float32)],
        lambda a, b: a * a + b * b,
    ),
    "clamp_middle_scalar": (
        CLAMP,
        None,
        1,
        lambda: [A, -0.5, A[0] * 0 + 0.75],
        lambda x, lo, hi: np.minimum(np.maximum(x, lo), hi),
    ),
    "sincos_two_outputs": (SINCOS, None, 2, lambda: [A.T], lambda x: (np.sin(x), np.cos(x))),
    "minmax_two_outputs_int": (
        MINMAX,
        None,
        2,
        lambda: [np.arange(12, dtype=np.int32).reshape(3, 4), 5],
        lambda a, b: (np.minimum(a, b), np.maximum(a, b)),
    ),
}


@pytest.fixture(scope="module")
def simulated():
    if not have_compiler():
        pytest.skip("no C++ compiler")
    plans, entries = {}, {}
    for case, (code, name, nout, make, _) in CASES.items():
        kernel = xt.jit.elementwise(code, name=name, num_outputs=nout)
        data = make()
        it, desc, plan = kernel.plan(data, np)
        plans[case] = (data, it, desc, launch_pieces(desc, plan))
        for variant, _ in plans[case][3]:
            entry = elementwise_entry(desc, variant)
            entries[entry[0]] = entry
    [module] = build_modules([list(entries.values())])
    return plans, module


@pytest.mark.parametrize("case", sorted(CASES))
def test_user_kernel_runs_in_host_simulation(simulated, case):
    plans, module = simulated
    data, it, desc, pieces = plans[case]
    for variant, piece in pieces:
        module.launch(desc, variant, piece)
    want = CASES[case][4](*data)
    want = want if isinstance(want, tuple) else (want,)
    assert len(it.outputs) == len(want)
    for got, ref in zip(it.outputs, want):
        ref = np.asarray(ref)
        assert got.shape == ref.shape
        np.testing.assert_allclose(got, ref, rtol=1e-6 if got.dtype == np.float32 else 1e-13)


def test_promotion_follows_the_elementwise_iterator(simulated):
    plans, _ = simulated
    assert plans["axpy_scalar_lhs_cast"][1].common_dtype == xt.float64
    assert plans["hypot2_float32"][1].common_dtype == xt.float32
    assert plans["minmax_two_outputs_int"][1].common_dtype == xt.int32  # weak Python int
    variant = plans["clamp_middle_scalar"][3][0][0]
    assert variant.scalar_pos.name == "NONE"  # the middle scalar became a 0-d array
    assert plans["axpy_scalar_lhs_cast"][3][0][0].scalar_pos.name == "LHS"
