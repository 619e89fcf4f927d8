"""`xtensor.fuse`: fused results equal the unfused xtensor calls (dtype, shape, values within
the dtype's rounding) on the compiled CPU loop, the blocked NumPy fallback and the CUDA
kernel (NVRTC compile checks, and the host simulator running the exact launches); tracing
rules (weak scalars, retracing, constants) and the errors for what cannot be fused.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import arrays, assert_same
from xtensor._backends import fused as backend
from xtensor._jit import host
from xtensor._jit.compiler import compile_source, have_nvrtc
from xtensor._jit.hostsim import build_modules, have_compiler

needs_cxx = pytest.mark.skipif(not host.available(), reason="no C++ compiler")
TOL = {"float32": 2e-5, "float64": 1e-12, "complex64": 2e-5, "complex128": 1e-12}


def gauss(x, y, z):
    return xt.exp(-(x**2) / 2) * xt.sin(y) + 0.5 * z


def axpb(a, b, c):
    return a * b + c


def logic(a, b, c):
    return ((a > b) | (c <= 0)) & ~(a == c)


def integer(a, b, c):
    return (a * 3 - b) // 4 + abs(c) % 5 - (a ^ c)


def mean_of(x, y):
    return xt.mean(xt.sqrt(x * x + y * y))


def _module_helper(v):
    return xt.expm1(v) * 2


def _through_module_helper(v):
    xp = v.__array_namespace__()
    return xp.sqrt(_module_helper(v) ** 2)


FUNCTIONS = {f.__name__: (f, xt.fuse(f)) for f in (gauss, axpb, logic, integer)}


def _same(got, want, rtol=None):
    """Equal to the unfused result `want` in dtype and shape, and in values within the
    rounding of `want`'s dtype (or `rtol`, when a lower-precision intermediate sets it). The
    tolerance is relative to the largest magnitude: a sum that cancels keeps its terms'
    absolute rounding error, not a relative one."""
    want = np.asarray(want)
    rtol = TOL.get(want.dtype.name, 0) if rtol is None else rtol
    if rtol == 0:
        assert_same(got, want, rtol=0)
        return
    g = np.asarray(got)
    assert (g.dtype, g.shape) == (want.dtype, want.shape)
    finite = np.abs(want[np.isfinite(want)])
    scale = max(1.0, float(finite.max())) if finite.size else 1.0
    np.testing.assert_allclose(g, want, rtol=rtol, atol=rtol * scale, equal_nan=True)


def _operands(data, dtype, count=3):
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=count, min_side=0, max_side=4))
    return [
        xt.asarray(_tame(data.draw(arrays(dtype, s, finite=True)))) for s in shapes.input_shapes
    ]


def _tame(a):
    """Values of moderate size, so transcendental results stay normal numbers; in place, so
    a strided or reversed view stays one."""
    for part in (a.real, a.imag) if a.dtype.kind == "c" else (a,) if a.dtype.kind == "f" else ():
        np.clip(part, -50, 50, out=part)
    return a


# ---- the compiled CPU loop --------------------------------------------------------------------


@needs_cxx
@given(data=st.data(), name=st.sampled_from(sorted(FUNCTIONS)))
def test_fused_equals_unfused(data, name):
    plain, fused = FUNCTIONS[name]
    kinds = {"gauss": ("float64", "float32"), "integer": ("int32", "int8", "uint16")}
    dtype = data.draw(st.sampled_from(kinds.get(name, ("float64", "int64", "bool"))))
    if name == "axpb" and dtype == "bool":
        dtype = "complex128"
    args = _operands(data, dtype)
    _same(fused(*args), plain(*args))


@needs_cxx
@given(data=st.data(), scalar=st.sampled_from([2, -1.5, 0.25, True, 3j]))
def test_weak_scalars_follow_nep50(data, scalar):
    x = _operands(data, data.draw(st.sampled_from(["float32", "int16"])), count=1)[0]

    @xt.fuse
    def f(v, s):
        return v * s + s

    _same(f(x, scalar), x * scalar + scalar)


@needs_cxx
def test_mixed_dtypes_cast_inside_the_loop():
    rng = np.random.default_rng(0)
    a = xt.asarray(rng.integers(-5, 5, (3, 4), dtype=np.int8))
    b = xt.asarray(rng.standard_normal(4).astype(np.float32))
    c = xt.asarray(rng.standard_normal((3, 1)))
    _same(FUNCTIONS["axpb"][1](a, b, c), axpb(a, b, c))
    _same(FUNCTIONS["gauss"][1](a, b, c), gauss(a, b, c), rtol=TOL["float32"])  # sin(float32)


@needs_cxx
def test_threads_give_the_same_bits():
    x = xt.asarray(np.random.default_rng(3).standard_normal(600_001))
    fused = FUNCTIONS["gauss"][1]
    before = xt.get_num_threads()
    try:
        xt.set_num_threads(1)
        one = np.asarray(fused(x, x, x))
        xt.set_num_threads(2)
        two = np.asarray(fused(x, x, x))
    finally:
        xt.set_num_threads(before)
    np.testing.assert_array_equal(one, two)
    _same(xt.asarray(one), gauss(x, x, x))


@needs_cxx
def test_fused_sums_give_the_same_bits_for_any_thread_count():
    x = xt.asarray(np.random.default_rng(4).standard_normal(3 * 2**19 + 7))
    total = xt.fuse(lambda v: xt.sum(v * v + 0.1))
    before = xt.get_num_threads()
    try:
        results = []
        for threads in (1, 2, 3):
            xt.set_num_threads(threads)
            results.append(np.asarray(total(x)))
    finally:
        xt.set_num_threads(before)
    assert results[0].tobytes() == results[1].tobytes() == results[2].tobytes()
    np.testing.assert_allclose(results[0], np.sum(np.asarray(x) ** 2 + 0.1), rtol=1e-12)


# ---- reductions -------------------------------------------------------------------------------


@needs_cxx
@pytest.mark.parametrize(
    "kind, dtype",
    [("sum", "float32"), ("sum", "int32"), ("prod", "int32"), ("max", "float32")]
    + [("min", "int32"), ("mean", "float32"), ("mean", "int32")],
)
def test_final_reduction_over_everything(kind, dtype):
    rng = np.random.default_rng(4)
    x = xt.asarray((rng.standard_normal((70, 31)) * 3).astype(dtype)[:, ::2])
    reduce = getattr(xt, kind)

    @xt.fuse
    def f(v):
        return reduce(v * v - 2 * v)

    _same(f(x), reduce(x * x - 2 * x))
    assert f._traces and next(iter(f._traces.values())).outputs[0]._fold.compiled


@needs_cxx
@pytest.mark.parametrize("axis, keepdims", [(0, False), (-1, True), ((0, 1), False), (None, True)])
def test_final_reduction_over_axes(axis, keepdims):
    x = xt.asarray(np.random.default_rng(5).standard_normal((5, 6)))

    @xt.fuse(static_argnames="axis")
    def f(v, axis):
        return (v + 1).sum(axis=axis, keepdims=keepdims)

    _same(f(x, axis), xt.sum(x + 1, axis=axis, keepdims=keepdims))


@needs_cxx
def test_empty_reductions_keep_their_rules():
    empty = xt.zeros((0, 3))
    _same(xt.fuse(mean_of)(empty, empty), mean_of(empty, empty))  # NaN, as NumPy
    with pytest.raises(ValueError, match="max"):
        xt.fuse(lambda v: xt.max(v + 1))(empty)
    _same(xt.fuse(lambda v: xt.sum(v * 2, dtype=xt.float32))(empty), np.float32(0))


# ---- the blocked NumPy fallback ---------------------------------------------------------------


@given(data=st.data(), name=st.sampled_from(sorted(FUNCTIONS)))
def test_blocked_numpy_fallback_equals_unfused(data, name):
    plain, _ = FUNCTIONS[name]
    dtype = data.draw(st.sampled_from(["float64", "float32"] if name == "gauss" else ["int64"]))
    args = _operands(data, dtype)
    program, arrays_, values = xt.fuse(plain).programs(*args)[0]
    runner = backend.CPUProgram.__new__(backend.CPUProgram)
    runner.program, runner.kernel, runner.loops = program, None, backend._loops(program)
    _same(xt.asarray(runner.run(arrays_, values)), plain(*args))


def test_fallback_without_a_compiler_warns_once(monkeypatch):
    monkeypatch.setenv("XTENSOR_CXX", "0")
    monkeypatch.setattr(backend, "_warned", set())
    x = xt.asarray(np.linspace(0, 1, 50_000))  # several blocks

    with pytest.warns(RuntimeWarning, match="no C\\+\\+ compiler"):
        got = xt.fuse(gauss)(x, x, x)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        xt.fuse(axpb)(x, x, x)
    _same(got, gauss(x, x, x))


def test_integer_pow_errors_like_the_unfused_op():
    @xt.fuse
    def f(a, b):
        return a**b + 1

    a, b = xt.asarray([2, 3]), xt.asarray([1, -1])
    with pytest.raises(ValueError, match="pow: Integers to negative integer powers"):
        f(a, b)
    _same(f(a, xt.asarray([1, 2])), a ** xt.asarray([1, 2]) + 1)


# ---- tracing rules ------------------------------------------------------------------------------


@needs_cxx
def test_signatures_trace_once_and_scalars_never_recompile():
    calls = []

    def f(x, s):
        calls.append(1)
        return x * s

    fused = xt.fuse(f)
    x = xt.ones(3)
    for s in (2.0, 3.5, -1.0):
        _same(fused(x, s), x * s)
    assert fused.trace_count == 1 and len(calls) == 1
    _same(fused(x, 2), x * 2)  # an int is another weak kind: a second trace
    _same(fused(xt.ones((2, 3)), 2), xt.ones((2, 3)) * 2)
    assert fused.trace_count == 3


@needs_cxx
def test_python_arithmetic_on_scalars_replays_each_call():
    @xt.fuse
    def f(x, n):
        return x * (2**n) + n / 4

    x = xt.asarray([1.0, 2.0], dtype=xt.float32)
    for n in (3, 5, -1):  # 2 ** -1 is a float: the traced int no longer holds, so unfused
        _same(f(x, n), x * (2**n) + n / 4)


@needs_cxx
def test_out_of_range_python_ints_behave_as_unfused():
    x = xt.asarray([1, 2, 3], dtype=xt.int8)
    with pytest.raises(OverflowError, match="out of bounds for int8"):
        xt.fuse(lambda v, s: v + s)(x, 1000)
    _same(xt.fuse(lambda v, s: v == s)(x, 1000), x == 1000)


@needs_cxx
def test_constants_helpers_numpy_ufuncs_and_returned_inputs():
    weights = xt.asarray([1.0, 2.0, 3.0])

    def helper(v):
        return xt.log1p(xt.abs(v))

    @xt.fuse
    def f(v):
        return np.exp(helper(v)) * weights + xt.pi

    x = xt.asarray([-1.0, 0.5, 4.0])
    _same(f(x), np.exp(helper(x)) * weights + xt.pi)
    _same(xt.fuse(_through_module_helper)(x), _through_module_helper(x))
    assert xt.fuse(lambda v: v)(x) is not None
    _same(xt.fuse(lambda v, s: (v + 1, s * 2, v * 0))(x, 3)[0], x + 1)
    assert xt.fuse(lambda v, s: (v + 1, s * 2))(x, 3)[1] == 6


@pytest.mark.parametrize(
    "body, match",
    [
        (lambda x: x + 1 if x > 0 else x, r"cannot trace f: bool\(\) of a traced array"),
        (lambda x: x[0] + 1, r"cannot trace f: indexing"),
        (lambda x: xt.matmul(x, x) + 1, r"cannot trace f: matmul is not an elementwise"),
        (lambda x: xt.sum(x) * 2, r"sum must be the last operation"),
        (lambda x: x.reshape(3, 1) + 1, r"'reshape' is not elementwise"),
        (lambda x: xt.modf(x)[0], r"modf has 2 outputs"),
        (lambda x: xt.linalg.norm(x) + x, r"norm is not an elementwise function"),
    ],
)
def test_what_cannot_be_traced_says_so(body, match):
    def f(x):
        return body(x)

    with pytest.raises(TypeError, match=match):
        xt.fuse(f)(xt.ones(3))


def test_control_flow_on_a_scalar_argument_needs_static_argnames():
    def f(x, s):
        return x * s if s > 0 else x

    with pytest.raises(TypeError, match="traced Python scalar needs its value.*static_argnames"):
        xt.fuse(f)(xt.ones(3), 2.0)
    _same(xt.fuse(f, static_argnames="s")(xt.ones(3), 2.0), xt.ones(3) * 2.0)


def test_in_place_operators_and_dtype_errors():
    def f(x):
        x += 1
        return x

    with pytest.raises(TypeError, match=r"in-place operator \+= .*`x = x \+ y`"):
        xt.fuse(f)(xt.ones(3))
    with pytest.raises(TypeError, match="bitwise_and: x1 has dtype float64"):
        xt.fuse(lambda x: x & 1)(xt.ones(3))
    with pytest.raises(ValueError, match=r"add: .*shapes \(3,\),? \(4,\)"):
        xt.fuse(lambda a, b: a + b)(xt.ones(3), xt.ones(4))
    with pytest.raises(TypeError, match="<lambda>: argument 1 must be an array or a Python scalar"):
        xt.fuse(lambda a, b: a + b)(xt.ones(3), "text")


# ---- CUDA: the generated kernel ---------------------------------------------------------------


def _launches(function, *args):
    [(program, data, values)] = xt.fuse(function).programs(*args)
    runner = backend.DeviceProgram(program)
    it = backend.iterate(program, data)
    return runner, it, runner.launches(it, values)


CUDA_CASES = {
    "gauss_contiguous": (gauss, lambda r: [r.standard_normal(64) for _ in range(3)]),
    "axpb_strided_broadcast": (
        axpb,
        lambda r: [r.standard_normal((5, 6)).T, r.standard_normal(5), np.float32(2.5)],
    ),
    "integer_mixed": (
        integer,
        lambda r: [r.integers(-9, 9, 7, dtype=np.int16), r.integers(0, 9, 7, dtype=np.uint8), 3],
    ),
    "complex": (axpb, lambda r: [r.standard_normal(6) * 1j, 2.0, r.standard_normal(6)]),
}


def _case_args(case):
    function, make = CUDA_CASES[case]
    return function, [
        xt.asarray(a) if isinstance(a, np.ndarray | np.generic) else a
        for a in make(np.random.default_rng(6))
    ]


@pytest.mark.skipif(not have_nvrtc(), reason="NVRTC is not installed")
@pytest.mark.parametrize("case", sorted(CUDA_CASES))
def test_cuda_kernels_compile_with_nvrtc(case):
    function, args = _case_args(case)
    _, _, launches = _launches(function, *args)
    for name, source, _, _ in launches:
        ptx = compile_source(source, name, arch="compute_80")
        assert f".entry {name}".encode() in ptx


@pytest.mark.skipif(not have_compiler(), reason="no C++ compiler for the host simulator")
def test_cuda_kernels_run_in_the_host_simulator():
    from xtensor._jit.host_codegen import device_params

    runs, entries = [], {}
    for case in sorted(CUDA_CASES):
        function, args = _case_args(case)
        runner, it, launches = _launches(function, *args)
        runs.append((function, args, it, launches))
        for name, source, _, _ in launches:
            contiguous = name.endswith("contig") or "_contig_" in name
            params = device_params(runner.kernel, contiguous, 64 if name.endswith("i64") else 32)
            entries[name] = (name, source, params)
    [module] = build_modules([list(entries.values())])
    for function, args, it, launches in runs:
        for name, _, kernel_args, _ in launches:
            module.run(name, list(kernel_args), grid=3, block=32)
        _same(xt.asarray(it.outputs[0]), function(*args))


@needs_cxx
def test_programs_without_arrays_or_ops():
    """Only Python scalars: the function runs unfused; an input returned or reduced as it is."""
    _same(xt.fuse(lambda s: xt.sum(xt.exp(s) * 2))(1.5), xt.sum(xt.exp(1.5) * 2))
    assert xt.fuse(lambda x, s: s * 2 + 1)(xt.ones(2), 1.5) == 4.0
    x = xt.asarray([[5.0, 1.0]])
    _same(xt.fuse(lambda v: v.sum(axis=0, keepdims=True))(x), xt.sum(x, axis=0, keepdims=True))
    _same(xt.fuse(lambda v: xt.mean(v, keepdims=True))(x), xt.mean(x, keepdims=True))
    _same(xt.fuse(lambda v: v)(x), x)


# ---- the per-call fast path (Note [Per-call fast path] in _fuse/replay.py) -------------------


def exact_mix(a, b, c):
    return (a * b - c) / 2 + (a >= c)


def int_mix(a, b, c):
    return a * b - (c & 3)


def _full_and_fast(fused, args):
    """The full path's result and the fast path's, on the same arguments: a first call
    records the signature's fast function, so the third one runs it."""
    full = fused._call(tuple(args), {}, None)
    fused(*args)
    return full, fused(*args)


def _fast_entry(fused):
    [entry] = fused._fast.values()
    return entry


@needs_cxx
@given(
    data=st.data(),
    case=st.sampled_from(
        [(gauss, "float64"), (gauss, "float32"), (exact_mix, "float64"), (exact_mix, "float32")]
        + [(int_mix, "int32"), (int_mix, "uint8"), (axpb, "complex128"), (logic, "int16")]
    ),
)
def test_fast_path_is_the_full_path_bit_for_bit(data, case):
    """0-d, empty, broadcast and strided operands; the fast path (direct or eager) gives the
    full path's bits, and the unfused calls' values within rounding."""
    function, dtype = case
    fused = xt.fuse(function)
    args = _operands(data, dtype)
    full, fast = _full_and_fast(fused, args)
    assert_same(fast, np.asarray(full), rtol=0)
    _same(fast, function(*args))


@needs_cxx
@given(
    data=st.data(),
    scalar=st.sampled_from([2, -1.5, 0.25, True, 3j, -7]),
    dtype=st.sampled_from(["float32", "int16", "uint8", "float64"]),
)
def test_fast_path_weak_scalars_are_the_full_paths(data, scalar, dtype):
    x = _operands(data, dtype, count=1)[0]
    fused = xt.fuse(lambda v, s: v * s - s)
    try:
        want = x * scalar - scalar
    except OverflowError:  # -7 for uint8: the unfused op refuses it, and so must both paths
        for _ in range(2):
            with pytest.raises(OverflowError):
                fused(x, scalar)
        return
    full, fast = _full_and_fast(fused, [x, scalar])
    assert_same(fast, np.asarray(full), rtol=0)
    _same(fast, want)


@needs_cxx
@pytest.mark.parametrize("n", [0, 1, 10, 1000, 50_000])
def test_small_calls_take_the_fast_path(n):
    """Elementwise outputs: the full path's bits. A final sum: the full path folds in its
    compiled pass, the fast path sums the elementwise result as the unfused `sum` does."""
    x, y = (xt.asarray(np.random.default_rng(n).standard_normal(n)) for _ in range(2))
    for function in (gauss, exact_mix):
        fused = xt.fuse(function)
        full, fast = _full_and_fast(fused, [x, y, x])
        assert _fast_entry(fused) is not api_always_miss()
        assert_same(fast, np.asarray(full), rtol=0)
    total = xt.fuse(lambda a, b: xt.sum(a * b - 1))
    full, fast = _full_and_fast(total, [x, y])
    assert_same(fast, xt.sum(x * y - 1), rtol=0)
    _same(fast, full)


def api_always_miss():
    from xtensor._fuse import api

    return api._always_miss


@needs_cxx
def test_direct_and_threaded_paths_agree_across_the_size_limit():
    """Elementwise results do not depend on the path: a prefix computed under DIRECT_MAX
    (direct entry, calling thread) equals that prefix of a threaded call, at 1 and 2 threads."""
    from xtensor._fuse.replay import DIRECT_MAX

    big = np.random.default_rng(7).standard_normal(DIRECT_MAX + 4099)
    fused = FUNCTIONS["gauss"][1]
    before = xt.get_num_threads()
    try:
        results = []
        for threads in (1, 2):
            xt.set_num_threads(threads)
            for n in (DIRECT_MAX - 1, big.size):
                x = xt.asarray(big[:n])
                fused(x, x, x)
                results.append(np.asarray(fused(x, x, x))[: DIRECT_MAX - 1])
    finally:
        xt.set_num_threads(before)
    for r in results[1:]:
        np.testing.assert_array_equal(r, results[0])


@needs_cxx
def test_fast_path_misses_go_down_the_full_path():
    f = xt.fuse(lambda v, s: v * s + 1)
    x = xt.asarray(np.arange(12.0))
    _same(f(x, 2.0), x * 2.0 + 1)
    strided = xt.asarray(np.arange(24.0)[::2])  # same signature, not C-contiguous
    _same(f(strided, 3.0), strided * 3.0 + 1)
    _same(f(x, 1e300), x * 1e300 + 1)
    g = xt.fuse(lambda v, n: v + n)
    i8 = xt.asarray([1, 2, 3], dtype=xt.int8)
    _same(g(i8, 5), i8 + 5)
    with pytest.raises(OverflowError, match="out of bounds for int8"):
        g(i8, 1000)
    h = xt.fuse(lambda v, n: v * (2**n))
    for n in (3, -1, 2):  # 2 ** -1 is a float: the traced int no longer holds
        _same(h(x, n), x * (2**n))
    _same(f(x, s=2.0), x * 2.0 + 1)  # keywords: the full path


def test_eager_replay_without_a_compiler_is_the_unfused_calls(monkeypatch):
    monkeypatch.setenv("XTENSOR_CXX", "0")
    monkeypatch.setattr(
        backend, "_warned", {"no C++ compiler is usable (g++, c++, clang++, $CXX or $XTENSOR_CXX)"}
    )
    rng = np.random.default_rng(8)
    for shape in [(), (0,), (7,), (3, 1000)]:
        args = [xt.asarray(rng.standard_normal(shape)) for _ in range(3)]
        for function in (gauss, exact_mix, axpb):
            fused = xt.fuse(function)
            full, fast = _full_and_fast(fused, args)
            assert _fast_entry(fused) is not api_always_miss()
            assert_same(fast, function(*args), rtol=0)
            _same(full, function(*args))
    a, b = xt.asarray([2, 3]), xt.asarray([1, -1])
    f = xt.fuse(lambda u, v: u**v + 1)
    _same(f(a, xt.asarray([1, 2])), a ** xt.asarray([1, 2]) + 1)
    with pytest.raises(ValueError, match="pow: Integers to negative integer powers"):
        f(a, b)


@needs_cxx
def test_fast_path_outputs_tuples_scalars_inputs_and_reductions():
    x = xt.asarray([[1.0, -2.0], [3.0, 0.5]])
    cases = [
        (lambda v, s: (v + 1, s * 2, v * 0), (x, 3)),
        (lambda v: v, (x,)),
        (lambda v: xt.max(v * v, axis=0), (x,)),
        (lambda v, w: [xt.sum(v - w), xt.mean(v * 2)], (x, x)),
    ]
    for function, args in cases:
        fused = xt.fuse(function)
        full, fast = _full_and_fast(fused, args)
        assert type(full) is type(fast)
        for f_, u in zip(*((full, fast) if isinstance(full, tuple | list) else ([full], [fast]))):
            if isinstance(f_, xt.Array):
                assert_same(u, np.asarray(f_), rtol=0)
            else:
                assert f_ == u
