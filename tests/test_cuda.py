"""xtensor on a real CUDA device, compared with the CPU path: every elementwise op over its
dtypes, shapes, non-contiguous views and broadcasting; the reductions; device errors;
`to_device`; the kernel cache in this process and in a second one; user kernels.

Everything but the first test needs a GPU and is skipped without one. The first test runs
where there is none (CI): asking for a CUDA device must raise a clear RuntimeError, and the
rest of xtensor must work unchanged.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.opinfo import BY_NAME, OPINFOS
from tests.oracle import RTOL, arrays
from xtensor._core.devices import cupy_module

HAVE_GPU = cupy_module() is not None
gpu = pytest.mark.skipif(not HAVE_GPU, reason="needs a CUDA GPU and CuPy")


@pytest.mark.skipif(HAVE_GPU, reason="checks the behaviour without a GPU")
def test_without_gpu_cuda_requests_raise_and_the_rest_works():
    for request in (
        lambda: xt.asarray([1.0, 2.0], device="cuda"),
        lambda: xt.ones(3, device="cuda:0"),
        lambda: xt.ones(3).to_device("cuda"),
    ):
        with pytest.raises(ValueError, match="no CUDA GPU is usable here"):
            request()
    assert [str(d) for d in xt.__array_namespace_info__().devices()] == ["cpu"]
    x = xt.arange(6.0).reshape(2, 3)
    assert float(xt.sum(xt.exp(x) * 0 + 1)) == 6.0
    identity = xt.jit.elementwise("template <typename T> __device__ T f(T a) { return a; }")
    assert xt.all(identity(x) == x)  # user kernels run on the CPU without a GPU


# ---- helpers --------------------------------------------------------------------------------


def _cuda(a):
    return xt.asarray(a).to_device("cuda:0") if isinstance(a, np.ndarray) else a


def _host(a) -> np.ndarray:
    return np.asarray(a.to_device("cpu"))


def _assert_close(got, want, tolerance: float = 0.0, err_msg: str = ""):
    """`got` (on cuda:0) equals `want` (CPU xtensor) in dtype, shape and values."""
    assert str(got.device) == "cuda:0", err_msg
    assert got.dtype == want.dtype and got.shape == want.shape, err_msg
    g, w = _host(got), np.asarray(want)
    if w.dtype.kind in "fc":
        rtol = max(RTOL[w.dtype.name], tolerance)
        np.testing.assert_allclose(g, w, rtol=rtol, atol=rtol, equal_nan=True, err_msg=err_msg)
    else:
        np.testing.assert_array_equal(g, w, err_msg=err_msg)


def _same_on_both(fn, inputs, tolerance=0.0, err_msg=""):
    """Run `fn` on CPU and cuda:0 copies of `inputs`; equal results, or the same error."""
    try:
        want = fn(*[xt.asarray(a) if isinstance(a, np.ndarray) else a for a in inputs])
    except (TypeError, ValueError, ArithmeticError) as e:
        with pytest.raises(type(e)):
            fn(*[_cuda(a) for a in inputs])
        return
    got = fn(*[_cuda(a) for a in inputs])
    for g, w in zip(got, want) if isinstance(want, tuple) else [(got, want)]:
        _assert_close(g, w, tolerance, err_msg)


# ---- elementwise ----------------------------------------------------------------------------


@st.composite
def _operands(draw, info):
    dtype = draw(st.sampled_from(info.dtypes))
    shapes = draw(
        hnp.mutually_broadcastable_shapes(num_shapes=info.nin, max_dims=3, max_side=5)
    ).input_shapes
    inputs = [draw(arrays(dtype, shape=s)) for s in shapes]
    if info.nin == 2 and draw(st.booleans()):  # a Python scalar on one side (NEP 50)
        side = draw(st.integers(0, 1))
        inputs[side] = inputs[side].reshape(-1)[0].item() if inputs[side].size else 1
    return inputs


@gpu
@pytest.mark.parametrize("name", sorted(i.name for i in OPINFOS if i.name != "clip"))
@given(data=st.data())
def test_elementwise_matches_cpu(name, data):
    info = BY_NAME[name]
    inputs = data.draw(_operands(info), label="inputs")
    _same_on_both(getattr(xt, name), inputs, info.tolerance, name)


@gpu
@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "uint8", "complex64"])
def test_large_contiguous_and_strided_layouts(dtype):
    base = np.random.default_rng(0).uniform(1, 3, (257, 301)).astype(dtype)
    for a, b in [
        (base, base),
        (base.T, base.T),
        (base[::-1, ::2], base[:1, ::2]),
        (base[:, :1], base[:1, :]),
    ]:
        _same_on_both(xt.add, [a, b], err_msg="add")
        _same_on_both(xt.multiply, [a, 2], err_msg="multiply")
        _same_on_both(xt.sqrt, [a], BY_NAME["sqrt"].tolerance, err_msg="sqrt")


@gpu
def test_clip_with_scalars_and_arrays():
    x = np.linspace(-2, 2, 50)
    _same_on_both(lambda a, lo, hi: xt.clip(a, lo, hi), [x, -0.5, 0.5])
    _same_on_both(lambda a, lo, hi: xt.clip(a, lo, hi), [x, 0.25, x[::-1].copy()])


# ---- reductions -----------------------------------------------------------------------------

REDUCTIONS = {
    "sum": ("bool", "int8", "int32", "uint64", "float32", "float64", "complex64"),
    "prod": ("int32", "float64", "complex128"),
    "max": ("int16", "float32", "float64"),
    "min": ("uint8", "float64"),
    "argmax": ("int32", "float32", "float64"),
    "argmin": ("float64",),
    "any": ("bool", "float32"),
    "all": ("bool", "int64"),
    "mean": ("int32", "float32", "float64", "complex64"),
    "var": ("float32", "float64", "complex128"),
    "std": ("int16", "float64"),
    "count_nonzero": ("int32", "float64"),
}


@gpu
@pytest.mark.parametrize("func, dtype", [(f, d) for f, ds in REDUCTIONS.items() for d in ds])
@given(data=st.data())
def test_reductions_match_cpu(func, dtype, data):
    x = data.draw(
        arrays(dtype, shape=data.draw(st.lists(st.integers(1, 6), max_size=3).map(tuple))),
        label="x",
    )
    if x.dtype.kind in "fc":
        x = np.nan_to_num(x, nan=0.5, posinf=2.0, neginf=-2.0)
        x = np.clip(x.real, -1e3, 1e3) + (
            1j * np.clip(x.imag, -1e3, 1e3) if x.dtype.kind == "c" else 0
        )
        x = np.asarray(x.astype(dtype))  # np.clip of a 0-d array gives a scalar
    axis = data.draw(
        st.none() | st.integers(-max(x.ndim, 1), max(x.ndim, 1) - 1) if x.ndim else st.none(),
        label="axis",
    )
    keepdims = data.draw(st.booleans(), label="keepdims")
    _same_on_both(lambda a: getattr(xt, func)(a, axis=axis, keepdims=keepdims), [x], 2e-5, func)


@gpu
def test_reductions_nan_ties_and_large_inputs():
    x = np.array([[1.0, np.nan, 3.0, 3.0], [2.0, 5.0, 5.0, -1.0]])
    for func in ("max", "min", "argmax", "argmin", "sum", "mean", "var"):
        for axis in (None, 0, 1):
            _same_on_both(lambda a, f=func, ax=axis: getattr(xt, f)(a, axis=ax), [x], err_msg=func)
    big = np.random.default_rng(1).standard_normal((3, 1 << 20)).astype(np.float32)
    for func in ("sum", "mean", "std", "max", "argmax"):
        fn = getattr(xt, func)
        _same_on_both(lambda a, fn=fn: fn(a, axis=1), [big], 1e-4, func)
        _same_on_both(lambda a, fn=fn: fn(a, axis=0), [big[:, ::-3]], 1e-4, func)


# ---- devices, cache, user kernels -----------------------------------------------------------


@gpu
def test_device_mismatch_names_both_devices():
    cpu, cuda = xt.ones(3), xt.ones(3, device="cuda:0")
    with pytest.raises(ValueError, match=r"different devices \(cpu, cuda:0\)"):
        xt.add(cpu, cuda)
    with pytest.raises(ValueError, match=r"different devices \(cpu, cuda:0\)"):
        xt.jit.elementwise("template <typename T> __device__ T f(T a, T b) { return a; }")(
            cpu, cuda
        )


@gpu
def test_to_device_round_trip():
    x = xt.asarray(np.arange(12, dtype=np.int16).reshape(3, 4))
    y = x.to_device("cuda:0")
    assert str(y.device) == "cuda:0" and y.dtype == xt.int16
    back = y.to_device("cpu")
    assert str(back.device) == "cpu"
    np.testing.assert_array_equal(np.asarray(back), np.asarray(x))


@gpu
def test_second_call_hits_the_memory_cache():
    x = xt.linspace(0, 1, 1000, device="cuda:0")
    xt.tanh(x)
    before = xt.jit.cache_info()
    xt.tanh(x)
    after = xt.jit.cache_info()
    assert after.misses == before.misses and after.disk_hits == before.disk_hits


_CHILD = textwrap.dedent("""
    import time, xtensor as xt
    x = xt.linspace(0, 1, 1000, device="cuda:0")
    start = time.perf_counter()
    xt.asinh(x * 3 + 1)
    info = xt.jit.cache_info()
    print(info.misses, info.disk_hits, time.perf_counter() - start)
""")


@gpu
def test_second_process_hits_the_disk_cache(tmp_path):
    env = dict(os.environ, XTENSOR_KERNEL_CACHE_DIR=str(tmp_path), XTENSOR_KERNEL_CACHE="1")
    runs = [
        subprocess.run(
            [sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, check=True
        ).stdout.split()
        for _ in range(2)
    ]
    (miss1, disk1, _), (miss2, disk2, _) = runs
    assert int(miss1) >= 1 and int(disk1) == 0
    assert int(miss2) == 0 and int(disk2) == int(miss1)


@gpu
def test_user_kernels_on_the_device():
    axpy = xt.jit.elementwise(
        "template <typename T> __device__ T axpy(T a, T x, T y) { return a * x + y; }"
    )
    x = np.linspace(-1, 1, 1001).astype(np.float32)
    got = axpy(2.0, _cuda(x), _cuda(x[::-1].copy()))
    _assert_close(got, xt.asarray(2.0 * x + x[::-1]))
    sincos = xt.jit.elementwise(
        "template <typename T> __device__ void sc(T x, T& s, T& c) { s = sin(x); c = cos(x); }",
        num_outputs=2,
    )
    s, c = sincos(_cuda(x.reshape(7, 143).T))
    _assert_close(s, xt.sin(xt.asarray(x.reshape(7, 143).T)), 1e-6)
    _assert_close(c, xt.cos(xt.asarray(x.reshape(7, 143).T)), 1e-6)
    broken = xt.jit.elementwise("template <typename T> __device__ T bad(T a) { return a +; }")
    with pytest.raises(xt.jit.CompileError, match="return a \\+;"):
        broken(_cuda(x))
