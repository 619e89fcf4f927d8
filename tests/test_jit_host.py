"""User kernels on the CPU (`xtensor.jit.elementwise` on CPU arrays): the same C++ compiled by
the host compiler (`_jit/host.py`), run over the iterator's chunks, against NumPy; the host
kernel cache; compile errors; and the missing-compiler error.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import arrays, assert_same
from xtensor._jit import cache_clear, cache_info, host
from xtensor._jit.host_codegen import LoopKernel, device_source, guarded, host_source

pytestmark = pytest.mark.skipif(not host.available(), reason="no C++ compiler")

AXPY = "template <typename T> __device__ T axpy(T a, T x, T y) { return a * x + y; }"
SINCOS = """
template <typename T>
__device__ void sincos_pair(T x, T& s, T& c) {
  s = sin(x);
  c = cos(x);
}
"""
CLAMP = (
    "template <typename T> __device__ T clamp3(T x, T lo, T hi) "
    "{ return x < lo ? lo : (x > hi ? hi : x); }"
)
MIX = "template <typename T> __device__ T mix(T a, T b) { return (a ^ b) & T(7); }"
CMUL = (
    "template <class T> __device__ xt::complex<T> cmul(xt::complex<T> a, xt::complex<T> b) "
    "{ return a * b + xt::complex<T>(T(1), T(0)); }"
)
axpy = xt.jit.elementwise(AXPY)
sincos = xt.jit.elementwise(SINCOS, num_outputs=2)


def _run(kernel, *operands):
    return kernel(*(xt.asarray(o) if isinstance(o, np.ndarray) else o for o in operands))


# ---- results against NumPy ------------------------------------------------------------------


@given(
    data=st.data(),
    shapes=hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, min_side=0, max_side=5),
    scalar=st.floats(-4, 4),
)
def test_axpy_any_layout_equals_numpy(data, shapes, scalar):
    """Broadcasting, 0-d, empty, transposed and reversed views; exact: no FMA contraction."""
    x = data.draw(arrays("float64", shapes.input_shapes[0], finite=True))
    y = data.draw(arrays("float64", shapes.input_shapes[1], finite=True))
    assert_same(_run(axpy, scalar, x, y), scalar * x + y, rtol=0)


@pytest.mark.parametrize(
    "dtypes, want_dtype",
    [
        (("float32", "float32"), "float32"),
        (("float32", "int32"), "float64"),
        (("int16", "uint8"), "int16"),
        (("complex64", "float64"), "complex128"),
    ],
)
def test_promotion_and_casting_follow_the_iterator(dtypes, want_dtype):
    rng = np.random.default_rng(0)
    x, y = ((rng.standard_normal((4, 5)) * 10).astype(d) for d in dtypes)
    got = _run(axpy, 3, x, y[::-1])
    want = (3 * x.astype(want_dtype) + y[::-1].astype(want_dtype)).astype(want_dtype)
    assert_same(got, want)


def test_scalars_at_any_position_are_weak():
    x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
    clamp = xt.jit.elementwise(CLAMP)
    got = _run(clamp, x, -0.5, 0.75)
    assert_same(got, np.clip(x, np.float32(-0.5), np.float32(0.75)))
    assert_same(_run(clamp, 1.5, x, 2.0), np.clip(np.float32(1.5), x, 2.0).astype(np.float32))


def test_integer_and_complex_kernels():
    rng = np.random.default_rng(1)
    a = rng.integers(-100, 100, (3, 7), dtype=np.int16)
    b = rng.integers(0, 100, 7, dtype=np.int16)
    assert_same(_run(xt.jit.elementwise(MIX), a, b), (a ^ b) & 7)
    z = (rng.standard_normal((5,)) + 1j * rng.standard_normal((5,))).astype(np.complex64)
    assert_same(_run(xt.jit.elementwise(CMUL), z, z[::-1]), z * z[::-1] + 1)


def test_two_outputs_on_cpu():
    x = np.linspace(-3, 3, 30).reshape(5, 6).T
    s, c = _run(sincos, x)
    assert_same(s, np.sin(x))
    assert_same(c, np.cos(x))


def test_threads_give_the_same_bits():
    """A call over 2 * GRAIN_SIZE elements runs in chunks; chunking changes no bit."""
    x = np.random.default_rng(2).standard_normal(600_001)
    before = xt.get_num_threads()
    try:
        xt.set_num_threads(1)
        one = np.asarray(_run(sincos, x)[0])
        xt.set_num_threads(2)
        two = np.asarray(_run(sincos, x)[0])
    finally:
        xt.set_num_threads(before)
    np.testing.assert_array_equal(one, two)


# ---- errors -----------------------------------------------------------------------------------


def test_compile_error_carries_the_compiler_log_and_source_line():
    broken = xt.jit.elementwise(
        "template <typename T> __device__ T oops(T a) {\n  return a + undefined_thing;\n}"
    )
    with pytest.raises(xt.jit.CompileError) as info:
        broken(xt.ones(3))
    error = info.value
    assert isinstance(error, host.HostCompileError) and "undefined_thing" in error.log
    message = str(error)
    assert "the host C++ compiler failed to compile kernel" in message
    assert "return a + undefined_thing;" in message and "--- source ---" in error.dump()


def test_without_a_compiler_cpu_kernels_say_what_is_missing(monkeypatch):
    monkeypatch.setenv("XTENSOR_CXX", "0")
    assert not host.available()
    with pytest.raises(RuntimeError, match="CPU kernels need a C\\+\\+ compiler"):
        axpy(1.0, xt.ones(2), xt.ones(2))


def test_a_compiler_missing_from_path_counts_as_none(monkeypatch, tmp_path):
    monkeypatch.delenv("XTENSOR_CXX", raising=False)
    monkeypatch.delenv("CXX", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert host.find_compiler() is None


# ---- the host kernel cache ------------------------------------------------------------------

_KERNEL = LoopKernel(
    name="test_host_cache",
    code="",
    output_ctypes=("double",),
    input_ctypes=("double",),
    scalar_ctypes=("double",),
    result_ctypes=("double",),
    body=("r0 = in0 * s0 + 1.0;",),
)


def _call(kernel_fn, x):
    out = np.empty_like(x)
    plan = np.array([1, x.size, 8, 8, out.ctypes.data, x.ctypes.data], np.int64)
    scalars = np.zeros(16, np.uint8)
    scalars[:8] = np.array([3.0]).view(np.uint8)
    kernel_fn(0, x.size, plan.ctypes.data, scalars.ctypes.data, 0)
    return out


def test_memory_then_disk_then_compile(monkeypatch, tmp_path):
    monkeypatch.setenv("XTENSOR_KERNEL_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("XTENSOR_KERNEL_CACHE_SOURCE", "1")
    cache_clear()
    x = np.arange(5.0)
    np.testing.assert_array_equal(_call(host.host_kernel(_KERNEL), x), x * 3 + 1)
    assert (cache_info().misses, cache_info().disk_hits) == (1, 0)
    host.host_kernel(_KERNEL)
    assert cache_info().memory_hits == 1
    [binary] = tmp_path.glob("*.bin")
    assert binary.with_suffix(".cpp").read_text() == host_source(_KERNEL)
    cache_clear()  # the memory level only: the next process would start here
    np.testing.assert_array_equal(_call(host.host_kernel(_KERNEL), x), x * 3 + 1)
    assert (cache_info().misses, cache_info().disk_hits) == (0, 1)
    payload = binary.read_bytes()
    binary.write_bytes(payload[:40])  # truncated: a miss that rewrites the file
    cache_clear()
    np.testing.assert_array_equal(_call(host.host_kernel(_KERNEL), x), x * 3 + 1)
    assert cache_info().misses == 1 and binary.read_bytes() == payload
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".tmp-")]


def test_key_covers_kind_flags_compiler_and_source(monkeypatch):
    cxx = host.find_compiler()
    source = host_source(_KERNEL)
    key = host.cache_key(source, cxx)
    assert host.cache_key(source + " ", cxx) != key
    assert host.cache_key(source, cxx + "-other") != key
    monkeypatch.setattr(host, "FLAGS", (*host.FLAGS, "-O2"))
    assert host.cache_key(source, cxx) != key


def test_loop_kernel_sources_are_pure_and_checked():
    assert host_source(_KERNEL) == host_source(_KERNEL)
    assert "xt_host_test_host_cache" in host_source(_KERNEL)
    assert 'extern "C" __global__ void test_host_cache_strided' in device_source(_KERNEL, False)
    with pytest.raises(ValueError, match="a reduce kernel has no outputs"):
        LoopKernel("bad", "", ("double",), (), (), ("double",), ("r0 = 1;",), ("Sum", "double"))
    with pytest.raises(TypeError, match="xtensor's kernel types"):
        LoopKernel("bad", "", ("long double",), (), (), ("double",), ("r0 = 1;",))


# ---- every float op in the vectorized host loop -----------------------------------------------

SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-310, -1e-310, 1e-40, 1e300, -1e300, 0.5]
SPECIAL += [-0.5, 710.0, -745.0, 1e-20, 88.7, -103.0, 1.5, -2.5, 3e38, 1e22, 0.9999999, 2.0]


def _takes_floats(spec, dtype: str) -> bool:
    """Whether op `spec` accepts `dtype` for every operand (ldexp's exponent is an integer)."""
    try:
        getattr(xt, spec.name)._op.loop_dtypes([np.empty(0, dtype)] * spec.nin)
    except TypeError:
        return False
    return True


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_every_float_op_agrees_with_the_cpu_path_on_special_values(dtype):
    """All real float ops in one host kernel (so one compile), its dense loop vectorized
    through libmvec, against the unfused CPU path: within 4 ulp, infinities and signed zeros
    exact; a NaN's sign is not compared (no op promises one)."""
    from xtensor._dispatch.optable import OPS

    ct = {"float32": "float", "float64": "double"}[dtype]
    ops = [
        s
        for s in OPS
        if s.nout == 1
        and s.nin <= 2
        # The kernel below computes and stores in the input's type: ops whose result type
        # differs (comparisons, float_power's float64) are checked elsewhere.
        and s.promotion.name not in ("ALWAYS_BOOL", "TO_DOUBLE")
        and xt.float64 in s.domain.dtypes
        and _takes_floats(s, dtype)
    ]
    with np.errstate(all="ignore"):
        x = np.array(SPECIAL, dtype=dtype)
    a, b = (np.ascontiguousarray(v.ravel()) for v in np.meshgrid(x, x))
    kernel = LoopKernel(
        name=f"test_special_{dtype}",
        code="\n".join(guarded(f"xt_{s.name}", s.cuda) for s in ops),
        output_ctypes=(ct,) * len(ops),
        input_ctypes=(ct, ct),
        scalar_ctypes=(),
        result_ctypes=(ct,) * len(ops),
        body=tuple(
            f"r{k} = xt_{s.name}({'in0' if s.nin == 1 else 'in0, in1'});" for k, s in enumerate(ops)
        ),
    )
    outs = [np.empty_like(a) for _ in ops]
    words = [1, a.size, *[a.itemsize] * (len(ops) + 2), *(o.ctypes.data for o in outs)]
    plan = np.array([*words, a.ctypes.data, b.ctypes.data], np.int64)
    host.host_kernel(kernel)(0, a.size, plan.ctypes.data, np.zeros(16, np.uint8).ctypes.data, 0)
    for spec, got in zip(ops, outs):
        args = (a,) if spec.nin == 1 else (a, b)
        want = np.asarray(getattr(xt, spec.name)(*(xt.asarray(v) for v in args)))
        nan = np.isnan(want)
        np.testing.assert_array_equal(np.isnan(got), nan, err_msg=spec.name)
        np.testing.assert_allclose(
            got[~nan], want[~nan], rtol=4 * np.finfo(dtype).eps, atol=0, err_msg=spec.name
        )
        np.testing.assert_array_equal(
            np.signbit(got[~nan]), np.signbit(want[~nan]), err_msg=spec.name
        )


def test_direct_entry_runs_contiguous_arrays_and_refuses_the_rest():
    """Note [Direct calls]: the arrays themselves, no plan; 1 (nothing written) for a strided,
    reversed or unaligned operand, which the caller sends down the iterator's path."""
    from xtensor._backends.fused import direct_calls_work

    if not direct_calls_work():
        pytest.skip("NumPy's array fields are not where the direct entries read them")
    direct = host.host_kernel(_KERNEL).direct
    block = np.array([3.0, 0.0]).tobytes()
    for x in (np.arange(7.0), np.array(2.5), np.empty(0)):
        out = np.empty_like(x)
        assert direct(x.size, block, out, x) == 0
        np.testing.assert_array_equal(out, x * 3 + 1)
    raw = np.zeros(8 * 6 + 1, np.uint8)[1:].view(np.float64)  # contiguous, not aligned
    for x in (np.arange(12.0)[::2], np.arange(6.0)[::-1], raw):
        out = np.full(6, -1.0)
        assert direct(6, block, out, x) == 1
        assert (out == -1.0).all()


# ---- Note [Streaming stores] ----------------------------------------------------------------


def test_streaming_stores_write_the_same_bits_at_any_alignment(monkeypatch):
    """Outputs above XT_HOST_STREAM_BYTES (here 1 byte) go through a tile and non-temporal
    stores; every element, at every output alignment and run length, is the plain loop's."""
    kernel = host.host_kernel(_KERNEL)
    monkeypatch.setattr(host, "FLAGS", (*host.FLAGS, "-DXT_HOST_STREAM_BYTES=1"))
    streamed = host.host_kernel(_KERNEL)
    assert streamed is not kernel
    x = np.random.default_rng(3).standard_normal(1000)
    scalars = np.zeros(16, np.uint8)
    scalars[:8] = np.array([3.0]).view(np.uint8)
    for offset in range(0, 64, 8):  # bytes past a cache line: 0 streams whole lines
        for n in (1, 63, 64, 65, 200, 1000):  # (callers never run an empty range)
            outs = []
            for entry in (kernel, streamed):
                raw = np.full(8 * 1000 + 128, 0xAB, np.uint8)
                start = -raw.ctypes.data % 64 + offset
                out = raw[start : start + 8 * n].view(np.float64)
                plan = np.array([1, n, 8, 8, out.ctypes.data, x.ctypes.data], np.int64)
                entry(0, n, plan.ctypes.data, scalars.ctypes.data, 0)
                assert (raw[:start] == 0xAB).all() and (raw[start + 8 * n :] == 0xAB).all()
                outs.append(out)
            np.testing.assert_array_equal(outs[1], outs[0])
            np.testing.assert_array_equal(outs[1], x[:n] * 3 + 1)


def test_streaming_stores_of_user_kernels_equal_numpy(monkeypatch):
    monkeypatch.setattr(host, "FLAGS", (*host.FLAGS, "-DXT_HOST_STREAM_BYTES=1"))
    cache_clear()
    try:
        rng = np.random.default_rng(4)
        x = np.linspace(-3, 3, 4099)
        s, c = _run(xt.jit.elementwise(SINCOS, num_outputs=2), x)  # two streamed outputs
        assert_same(s, np.sin(x))
        assert_same(c, np.cos(x))
        z = (rng.standard_normal(333) + 1j * rng.standard_normal(333)).astype(np.complex128)
        assert_same(_run(xt.jit.elementwise(CMUL), z, z[::-1]), z * z[::-1] + 1)
        a = rng.integers(-100, 100, 1001, dtype=np.int8)  # 1-byte elements: 64-byte tiles
        assert_same(_run(xt.jit.elementwise(MIX), a, a[::-1]), (a ^ a[::-1]) & 7)
    finally:
        cache_clear()  # the next tests compile with the default threshold again
