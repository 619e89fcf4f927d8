"""The CUDA backend: elementwise ops and reductions on CuPy arrays through xtensor's JIT.

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

Note [Reductions on the device]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
`_reduction.reduce` builds the same reduction-mode TensorIter as the CPU path. Its coalesced
dims split into kept dims (output byte-stride != 0; one output element each) and reduced dims
(output byte-stride 0), which is exactly a `ReductionPlan`. The accumulator type is wider
than the data where that costs nothing on a memory-bound kernel: float32 (complex64) sums,
products and means fold in float64 (complex128), and var/std always run Welford in float64.
Two cases go through other kernels first: `count_nonzero` sums the `x != 0` mask, and the
variance of complex data is the sum of the variances of its real and imaginary parts.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace

import numpy as np

from .._array import wrap
from .._iter import build
from .._jit import KernelDescriptor, LaunchPlan, ScalarPos, launch
from .._jit.ctype_names import ctype_of, dtype_of
from .._jit.reduction import ReductionPlan, descriptor_for, launch_reduction
from .._dispatch.reduction import _FLAGS as _REDUCTION_FLAGS

_SCALARS = (bool, int, float, complex)


def pointer(a) -> int:
    """Address of element 0 of a CuPy (or, in host simulation, NumPy) array."""
    if type(a) is np.ndarray:
        return a.__array_interface__["data"][0]
    return a.data.ptr


def descriptor(spec, it, name: str | None = None) -> KernelDescriptor:
    """The kernel descriptor of op record `spec` for a built iterator `it`."""
    return descriptor_for_code(name or spec.name, spec.cuda, it, spec.name)


def descriptor_for_code(name: str, code: str, it, func: str) -> KernelDescriptor:
    """The descriptor of device function `xt_<name>` in `code` for a built iterator `it`."""
    nout = it.noutputs
    inputs = it.plan.dtypes[nout:]
    return KernelDescriptor(
        name=name, code=code, nin=len(inputs), nout=nout,
        input_ctypes=tuple(ctype_of(d.numpy, func) for d in inputs),
        compute_ctype=ctype_of(it.common_dtype.numpy, func),
        result_ctypes=tuple(ctype_of(d.numpy, func) for d in it.plan.dtypes[:nout]))


def launch_plan(it) -> LaunchPlan:
    """The iterator's coalesced facts as a LaunchPlan (see Note [Scalar operands ...])."""
    nout = it.noutputs
    arrays = [a for a in it.arrays if type(a) not in _SCALARS]
    scalars = [(i, a) for i, a in enumerate(it.arrays[nout:]) if type(a) in _SCALARS]
    scalar = None
    if scalars:
        index, value = scalars[-1]
        scalar = (ScalarPos.LHS if index == 0 else ScalarPos.RHS, value)
    return LaunchPlan(
        shape=it.shape, byte_strides=tuple(it.byte_strides()),
        dtypes=tuple(a.dtype for a in arrays), data_ptrs=tuple(pointer(a) for a in arrays),
        compute_dtype=it.common_dtype.numpy, scalar=scalar)


def one_scalar_at_most(flags, data, xp, func: str, nout: int = 1):
    """Keep one scalar operand, at input 0 or the last input; make the others 0-d arrays of
    the promoted dtype (see Note [Scalar operands on the device])."""
    scalars = [i for i, d in enumerate(data) if type(d) in _SCALARS]
    ends = [i for i in scalars if i in (0, len(data) - 1)]
    if len(data) < 2 or scalars == ends[-1:]:
        return data
    keep = ends[-1] if ends else None
    probe = build(flags, (None,) * nout, [d if type(d) in _SCALARS else _meta(d) for d in data],
                  func)
    common = probe.common_dtype.numpy
    return [xp.asarray(d, dtype=common) if i in scalars and i != keep else d
            for i, d in enumerate(data)]


def _meta(d):
    # A tiny NumPy stand-in with the same dtype and shape rules, for planning only.
    return np.broadcast_to(np.zeros((), d.dtype), d.shape)


def plan_elementwise(op, data, out_data, xp=np):
    """Build the iterator for `op` on `data` and derive (iterator, descriptor, launch plan).

    Works on NumPy arrays as well as CuPy ones, so tests can run the exact plan a GPU
    would get through the host simulator.
    """
    op._check_domain(data)
    data = one_scalar_at_most(op.flags, data, xp, op.spec.name)
    it = build(op.flags, (out_data,), data, op.spec.name)
    op._check_domain_common(it.common_dtype, data)
    return it, descriptor(op.spec, it), launch_plan(it)


def run_elementwise(op, data, out, launcher=launch):
    """Run elementwise op `op` (an `_dispatch.ElementwiseOp`) on CUDA operands `data`."""
    from .._core.devices import device_of

    cp = _cupy()
    device = device_of(next(d for d in data if type(d) not in _SCALARS))
    with cp.cuda.Device(device.index):
        it, desc, plan = plan_elementwise(op, data, None if out is None else out._data, cp)
        launcher(desc, plan)
    return out if out is not None else wrap(it.outputs[0])


def _cupy():
    import cupy

    return cupy


# --- reductions (see Note [Reductions on the device]) ----------------------------------------

_EXTREMA = ("max", "min", "argmax", "argmin")
_WIDER = {np.dtype(np.float32): np.dtype(np.float64), np.dtype(np.complex64): np.dtype(np.complex128)}


def supports_reduction(kind: str | None, dtype) -> bool:
    """Whether reduction `kind` of `dtype` data runs through xtensor's own kernels."""
    # Every kind has a kernel for every dtype (complex extrema order lexicographically,
    # Note [Extrema and NaN] in xt_reduce_ops.cuh); None marks a reduction with no kind.
    return kind is not None


def reduction_compute_dtype(kind: str, in_dtype, out_dtype) -> np.dtype:
    """The accumulator dtype of `kind` reducing `in_dtype` data into `out_dtype`."""
    if kind in _EXTREMA or kind in ("any", "all"):
        return np.dtype(in_dtype)
    if kind in ("var", "std"):
        return np.dtype(np.float64)
    return _WIDER.get(np.dtype(out_dtype), np.dtype(out_dtype))


def plan_reduction(it, kind: str, ddof: float = 0.0):
    """The (ReductionDescriptor, ReductionPlan) of a built reduction-mode iterator `it`.

    Works on NumPy arrays as well as CuPy ones, so tests can run the exact plan through the
    host simulator.
    """
    out, data = it.arrays
    out_strides, in_strides = it.byte_strides()
    kept = [d for d, s in enumerate(out_strides) if s != 0]
    reduced = [d for d, s in enumerate(out_strides) if s == 0]
    plan = ReductionPlan(
        kept_shape=tuple(it.shape[d] for d in kept),
        reduced_shape=tuple(it.shape[d] for d in reduced),
        out_strides=tuple(out_strides[d] for d in kept),
        in_kept_strides=tuple(in_strides[d] for d in kept),
        in_reduced_strides=tuple(in_strides[d] for d in reduced),
        out_ptr=pointer(out), in_ptr=pointer(data), ddof=float(ddof))
    compute = reduction_compute_dtype(kind, data.dtype, out.dtype)
    return descriptor_for(kind, data.dtype, compute, out.dtype), plan


def run_reduction(data, out, kind: str, func: str, ddof: float = 0.0) -> None:
    """Reduce `data` into `out` (keepdims shape, preallocated) with the `kind` kernel."""
    with _device_of_data(data):
        if kind == "count_nonzero":
            from .._elementwise import not_equal

            data, kind = not_equal(wrap(data), 0)._data, "sum"
        if kind in ("var", "std") and data.dtype.kind == "c":
            _complex_spread(data, out, kind, func, ddof)
            return
        it = build(_REDUCTION_FLAGS, (out,), (data,), func)
        desc, plan = plan_reduction(it, kind, ddof)
        if not plan.n_out:
            return
        for stage_desc, stage_plan, _ in split_reduction(desc, plan, _xp(data)):
            launch_reduction(stage_desc, stage_plan)


# Note [Two-stage reductions]
# The kernel gives each output one block, so a few outputs over many elements (a full sum)
# would leave all but a few SMs idle. For kinds whose partial results fold with the same
# kind (sum, prod, max, min, any, all), the outermost reduced dim of size R is cut into
# `parts` equal chunks (the largest divisor of R up to MAX_PARTS): stage 1 reduces each chunk
# into a temporary (outputs x parts) of the accumulator dtype, stage 2 reduces its last dim.
# Example: sum of 2**26 float32 -> stage 1: 1024 partial float64 sums of 65536 elements,
# stage 2: one sum of 1024.
SPLIT_KINDS = ("sum", "prod", "max", "min", "any", "all")
SPLIT_MIN_REDUCED = 1 << 15   # elements per output below which one block keeps up
SPLIT_MAX_OUTPUTS = 512       # outputs from which one block each already fills the GPU
MIN_PARTS, MAX_PARTS = 16, 1024


def _parts(size: int) -> int:
    return next((p for p in range(min(size, MAX_PARTS), MIN_PARTS - 1, -1) if size % p == 0), 1)


def split_reduction(desc, plan: ReductionPlan, xp) -> list:
    """The launches of one reduction: `[(desc, plan, temporary or None)]` in order; see Note
    [Two-stage reductions]. The temporary is returned to keep it alive until launch."""
    parts = _parts(plan.reduced_shape[0]) if plan.reduced_shape else 1
    if (desc.kind not in SPLIT_KINDS or plan.n_out > SPLIT_MAX_OUTPUTS or parts == 1
            or plan.n_reduced < SPLIT_MIN_REDUCED):
        return [(desc, plan, None)]
    partial = np.dtype(np.bool_) if desc.kind in ("any", "all") else dtype_of(desc.compute_ctype)
    temp = xp.empty(plan.n_out * parts, partial)
    strides = tuple(int(n) for n in np.cumprod((parts, *plan.kept_shape[::-1]))[::-1][1:]
                    * partial.itemsize) if plan.kept_shape else ()
    chunk = plan.reduced_shape[0] // parts
    first = replace(
        plan, kept_shape=(*plan.kept_shape, parts),
        reduced_shape=(chunk, *plan.reduced_shape[1:]),
        out_strides=(*strides, partial.itemsize), out_ptr=pointer(temp),
        in_kept_strides=(*plan.in_kept_strides, chunk * plan.in_reduced_strides[0]))
    second = replace(plan, reduced_shape=(parts,), in_kept_strides=strides,
                     in_reduced_strides=(partial.itemsize,), in_ptr=pointer(temp))
    return [(descriptor_for(desc.kind, dtype_of(desc.input_ctype), dtype_of(desc.compute_ctype),
                            partial), first, temp),
            (descriptor_for(desc.kind, partial, partial, dtype_of(desc.result_ctype)), second,
             temp)]


def _xp(data):
    return np if type(data) is np.ndarray else _cupy()


def _complex_spread(data, out, kind: str, func: str, ddof: float) -> None:
    """var(z) = var(z.real) + var(z.imag); std is its square root."""
    from .._elementwise import add, sqrt

    imag = out.copy()
    run_reduction(data.real, out, "var", func, ddof)
    run_reduction(data.imag, imag, "var", func, ddof)
    add._op(wrap(out), wrap(imag), out=wrap(out))
    if kind == "std":
        sqrt._op(wrap(out), out=wrap(out))


def _device_of_data(data):
    """The CUDA device context of `data` (nothing for host memory in simulation)."""
    if type(data) is np.ndarray:
        return contextlib.nullcontext()
    return _cupy().cuda.Device(data.device.id)
