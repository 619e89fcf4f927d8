"""The CUDA backend: elementwise ops and reductions on CuPy arrays through xtensor's JIT.

The same TensorIter that drives NumPy loops on the CPU decides shapes, strides, dtypes and
output layout here; this module turns its facts into the JIT's plain data (a
`KernelDescriptor` from the op record, a `LaunchPlan` from the iterator) and launches the
generated kernel. CuPy only provides memory, streams and NVRTC.

Note [Scalar operands on the device]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
A Python scalar is not broadcast into an array: the iterator keeps it as a scalar operand,
and the launch plan passes it as a kernel argument (the LHS or RHS scalar variant), converted
to the compute dtype. Kernels take one such argument, so an op with several scalars (only
`clip` has three operands) turns all but the last into 0-d device arrays first.
"""

from __future__ import annotations

import numpy as np

from . import _dtypes
from ._array import wrap
from ._iter import build
from ._jit import KernelDescriptor, LaunchPlan, ScalarPos, launch
from ._jit.ctype_names import ctype_of

_SCALARS = (bool, int, float, complex)


def pointer(a) -> int:
    """Address of element 0 of a CuPy (or, in host simulation, NumPy) array."""
    if type(a) is np.ndarray:
        return a.__array_interface__["data"][0]
    return a.data.ptr


def descriptor(spec, it, name: str | None = None) -> KernelDescriptor:
    """The kernel descriptor of op record `spec` for a built iterator `it`."""
    nout = it.noutputs
    compute = it.common_dtype.numpy
    inputs = it.plan.dtypes[nout:]
    return KernelDescriptor(
        name=name or spec.name, code=spec.cuda, nin=len(inputs), nout=nout,
        input_ctypes=tuple(ctype_of(d.numpy, spec.name) for d in inputs),
        compute_ctype=ctype_of(compute, spec.name),
        result_ctypes=tuple(ctype_of(d.numpy, spec.name) for d in it.plan.dtypes[:nout]))


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


def _one_scalar_at_most(op, data, xp):
    """Materialize all scalars but the last as 0-d arrays of the promoted dtype."""
    scalars = [i for i, d in enumerate(data) if type(d) in _SCALARS]
    if len(scalars) <= 1:
        return data
    probe = build(op.flags, (None,), [d if type(d) in _SCALARS else _meta(d) for d in data],
                  op.spec.name)
    common = probe.common_dtype.numpy
    return [xp.asarray(d, dtype=common) if i in scalars[:-1] else d for i, d in enumerate(data)]


def _meta(d):
    # A tiny NumPy stand-in with the same dtype and shape rules, for planning only.
    return np.broadcast_to(np.zeros((), d.dtype), d.shape)


def plan_elementwise(op, data, out_data, xp=np):
    """Build the iterator for `op` on `data` and derive (iterator, descriptor, launch plan).

    Works on NumPy arrays as well as CuPy ones, so tests can run the exact plan a GPU
    would get through the host simulator.
    """
    op._check_domain(data)
    data = _one_scalar_at_most(op, data, xp)
    it = build(op.flags, (out_data,), data, op.spec.name)
    op._check_domain_common(it.common_dtype, data)
    return it, descriptor(op.spec, it), launch_plan(it)


def run_elementwise(op, data, out, launcher=launch):
    """Run elementwise op `op` (an `_dispatch.ElementwiseOp`) on CUDA operands `data`."""
    from ._device import device_of

    cp = _cupy()
    device = device_of(next(d for d in data if type(d) not in _SCALARS))
    with cp.cuda.Device(device.index):
        it, desc, plan = plan_elementwise(op, data, None if out is None else out._data, cp)
        launcher(desc, plan)
    return out if out is not None else wrap(it.outputs[0])


def _cupy():
    import cupy

    return cupy
