"""The CUDA backend: CuPy memory, with elementwise ops and reductions run by xtensor's JIT.

The same TensorIter that drives NumPy loops on the CPU decides shapes, strides, dtypes and
output layout here; this module turns its facts into the JIT's plain data (a
`KernelDescriptor` from the op record, a `LaunchPlan` from the iterator) and launches the
generated kernel. CuPy only provides memory, streams and NVRTC.

Note [Scalar operands on the device]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
A Python scalar is not broadcast into an array: the iterator keeps it as a scalar operand,
and the launch plan passes it as a kernel argument (the LHS or RHS scalar variant), converted
to the compute dtype. Kernels take one such argument, and only at input 0 or the last input,
so an op with several scalars, or a scalar in the middle (`clip(x, 0.5, hi)`, a 3-input user
kernel), turns the others into 0-d device arrays first.
"""

from __future__ import annotations

import contextlib

import numpy as np

from .._core.checks import SCALARS as _SCALARS
from .._iter import build
from .._jit import KernelDescriptor, LaunchPlan, ScalarPos, launch
from .._jit.ctype_names import ctype_of
from . import cuda_reduce
from .base import Backend, flipped_argsort
from .cuda_calls import plan_launch
from .memory import register_cupy


def descriptor(spec, it, name: str | None = None) -> KernelDescriptor:
    """The kernel descriptor of op record `spec` for a built iterator `it`."""
    return descriptor_for_code(name or spec.name, spec.cuda, it, spec.name)


def descriptor_for_code(name: str, code: str, it, func: str) -> KernelDescriptor:
    """The descriptor of device function `xt_<name>` in `code` for a built iterator `it`."""
    nout = it.noutputs
    inputs = it.plan.dtypes[nout:]
    return KernelDescriptor(
        name=name,
        code=code,
        nin=len(inputs),
        nout=nout,
        input_ctypes=tuple(ctype_of(d.numpy, func) for d in inputs),
        compute_ctype=ctype_of(it.common_dtype.numpy, func),
        result_ctypes=tuple(ctype_of(d.numpy, func) for d in it.plan.dtypes[:nout]),
    )


def launch_plan(it) -> LaunchPlan:
    """The coalesced facts of `it`, or of one piece of `it.split_32bit()`, as a LaunchPlan
    (see Note [Scalar operands on the device])."""
    nout = it.noutputs
    arrays = [a for a in it.arrays if type(a) not in _SCALARS]
    scalars = [(i, a) for i, a in enumerate(it.arrays[nout:]) if type(a) in _SCALARS]
    scalar = None
    if scalars:
        index, value = scalars[-1]
        scalar = (ScalarPos.LHS if index == 0 else ScalarPos.RHS, value)
    return LaunchPlan(
        shape=it.shape,
        byte_strides=tuple(it.byte_strides()),
        dtypes=tuple(a.dtype for a in arrays),
        data_ptrs=it.data_addresses(),
        compute_dtype=it.common_dtype.numpy,
        scalar=scalar,
    )


def one_scalar_at_most(flags, data, xp, func: str, nout: int = 1):
    """Keep one scalar operand, at input 0 or the last input; make the others 0-d arrays of
    the promoted dtype (see Note [Scalar operands on the device])."""
    scalars = [i for i, d in enumerate(data) if type(d) in _SCALARS]
    ends = [i for i in scalars if i in (0, len(data) - 1)]
    if len(data) < 2 or scalars == ends[-1:]:
        return data
    keep = ends[-1] if ends else None
    probe = build(
        flags, (None,) * nout, [d if type(d) in _SCALARS else _meta(d) for d in data], func
    )
    common = probe.common_dtype.numpy
    return [
        xp.asarray(d, dtype=common) if i in scalars and i != keep else d for i, d in enumerate(data)
    ]


def _meta(d):
    # A tiny NumPy stand-in with the same dtype and shape rules, for planning only.
    return np.broadcast_to(np.zeros((), d.dtype), d.shape)


def _device_context(arrays):
    """The CUDA device of the first device array in `arrays` (nothing for host memory, as in
    the host simulation of the tests)."""
    data = next((a for a in arrays if type(a) not in _SCALARS and type(a) is not np.ndarray), None)
    if data is None:
        return contextlib.nullcontext()
    return _cupy().cuda.Device(data.device.id)


class CUDABackend(Backend):
    """CuPy memory, xtensor's generated kernels for elementwise work and reductions, and
    CuPy's own cuBLAS/cuSOLVER/cuFFT/CUB-backed functions for the rest."""

    kind = "cuda"

    def __init__(self, launcher=launch):
        self.launcher = launcher

    @property
    def xp(self):
        return _cupy()

    def empty(self, shape, dtype, device):
        cp = _cupy()
        with cp.cuda.Device(device.index):
            return cp.empty(shape, dtype)

    def copy(self, data):
        with _device_context((data,)):
            return data.copy()

    def to_host(self, data):
        return data.get()

    def from_host(self, data, device):
        cp = _cupy()
        with cp.cuda.Device(device.index):
            if type(data) is np.ndarray and data.ndim == 0:
                return _device_scalar(cp, data)
            return cp.asarray(data)

    def full(self, shape, value, dtype, order):
        # Note [Signed zeros through CuPy]
        cp = _cupy()
        out = cp.empty(shape, dtype, order=order)
        out[...] = _device_scalar(cp, np.asarray(value, dtype))
        return out

    def synchronize(self, device) -> None:
        _cupy().cuda.Device(device.index).synchronize()

    def operands(self, flags, data, func: str):
        """See Note [Scalar operands on the device]."""
        xp = np if all(type(d) in _SCALARS or type(d) is np.ndarray for d in data) else _cupy()
        return one_scalar_at_most(flags, data, xp, func)

    def elementwise(self, op, it) -> None:
        with _device_context(it.arrays):
            if _checks_exponent(op, it):
                _check_exponent(op.name, it.arrays[it.noutputs + 1])
            desc = descriptor(op, it)
            for piece in it.split_32bit():
                self.launcher(desc, launch_plan(piece))

    def planned_call(self, op, it, data):
        if self.launcher is not launch or _checks_exponent(op, it):
            return None  # a test's launcher, or a call whose values are checked first
        cp = _cupy()
        device = it.outputs[0].device.id
        with cp.cuda.Device(device):
            return plan_launch(descriptor(op, it), it, data, launch_plan, _address, cp, device)

    def planned_reduction(self, spec, data, out, func):
        if type(data) is np.ndarray:  # host memory: a test through the kernel simulator
            return None
        return cuda_reduce.plan_reduction_call(data, out, spec, func)

    def reduce(self, spec, data, out, reducer, combine, partial, ddof, func) -> None:
        with _device_context((data,)):
            cuda_reduce.run_reduction(data, out, spec, func, ddof)

    def scan(self, name, data, out, axis, dtype) -> None:
        with _device_context((data,)):
            getattr(_cupy(), name)(data, axis=axis, dtype=dtype, out=out)

    def sort(self, data, axis, stable):
        with _device_context((data,)):
            return _cupy().sort(data, axis=axis)  # CuPy's sort is stable (CUB radix sort)

    def argsort(self, data, axis, stable, descending=False):
        with _device_context((data,)):
            if descending:  # (the flips and the subtraction on data's device too)
                return flipped_argsort(self.argsort, data, axis, stable, _cupy().flip)
            return _cupy().argsort(data, axis=axis)

    def matmul(self, a, b):
        with _device_context((a,)):
            return _cupy().matmul(a, b)

    def fft(self, name, data, **kwargs):
        with _device_context((data,)):
            return getattr(_cupy().fft, name)(data, **kwargs)

    def index(self, data, key):
        with _device_context((data,)):
            return data[key]

    def index_put(self, data, key, value) -> None:
        with _device_context((data,)):
            data[key] = value


def _cupy():
    import cupy  # lazy: optional dependency, loaded on first device use

    return cupy


# Note [Signed zeros through CuPy]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# CuPy fills an array with a memset when the fill value == 0, and it makes 0-d arrays from
# the host (cupy.asarray, cupy.full, `a[...] = 0.0`) by such a fill: -0.0 arrives as +0.0, so
# signbit, 1/x, atan2 and every other answer that reads the sign of a zero went wrong on the
# GPU (the conformance suite's special cases). A 0-d array copied byte for byte from the host,
# and an elementwise copy from it, keep every bit.


def _checks_exponent(op, it) -> bool:
    """Whether this call's exponents are checked before the launch (integer `pow`)."""
    return "int_exponent" in op.props and it.common_dtype.kind in "iu"


def _check_exponent(func: str, exponent) -> None:
    """NumPy's error for a negative integer power (its loop raises it; a kernel cannot)."""
    negative = exponent < 0 if type(exponent) in _SCALARS else bool((exponent < 0).any())
    if negative:
        raise ValueError(f"{func}: Integers to negative integer powers are not allowed.")


def _address(data) -> int:
    return data.data.ptr


def _device_scalar(cp, value: np.ndarray):
    """The 0-d host array `value` on the current device, copied byte for byte."""
    out = cp.empty((), value.dtype)
    out.set(value)
    return out


register_cupy()  # the iterator's memory functions for cupy.ndarray; a no-op without CuPy
BACKEND = CUDABackend()
