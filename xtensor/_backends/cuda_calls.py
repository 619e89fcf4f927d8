"""Planned device calls: an elementwise call on the GPU replayed from its first call's launch.

Note [Planned device calls]
~~~~~~~~~~~~~~~~~~~~~~~~~~~
A small elementwise call on the GPU is launch-bound: the kernel runs in a few microseconds,
and the full path (argument checks, `build()`, the kernel descriptor, the variant, the
launch plan, the kernel lookup) cost about 90 us of Python on an H100 host, ten times
CuPy's whole call. Everything it decides depends only on what keys the dispatch plan cache
(`PLANS`): the op, each operand's dtype, shape, strides and device, and each scalar's type.
So the first call of a signature records a `PlannedLaunch`: the loaded kernel, its grid, and
its argument list with the pointers and the scalar left to fill in. A later call of the same
signature allocates the output, fills those slots and launches: no iterator, no descriptor.

Two facts are not in the key and are checked per call, falling back to the full path (which
records the plan anew) when they differ: each pointer's alignment where the kernel loads
vectors, and the current device. Only the common case is planned: one launch (the work fits
32-bit indexing and the offset calculator), a C-contiguous output, no extra kernel
arguments, and no per-call check of the values (integer `pow`).
"""

from __future__ import annotations

import numpy as np

from .._core.checks import SCALARS
from .._jit.launch import BLOCKS_PER_SM, kernel_function, sm_count
from .._jit.plan import kernel_args, launch_config, launch_pieces

# CuPy passes an ndarray argument of a raw kernel as its data pointer, so a planned call hands
# it the operand itself where the kernel reads from element 0, not a NumPy scalar made per
# pointer: a 16-element `add` took 11.9 us instead of 16.2 on an H100 (bench_cuda.py's
# "blocks" group, which times both ways).
PASS_ARRAYS = True


class PlannedLaunch:
    """One recorded launch; calling it with operands of the recorded signature runs it
    again and returns the new output, or None when the operands no longer fit the plan."""

    __slots__ = (
        "function", "grid", "block", "args", "shape", "dtype", "arrays", "offsets",
        "aligns", "scalar", "scalar_type", "device", "xp", "address",
    )  # fmt: skip

    def __call__(self, *data):
        xp = self.xp
        if self.device is not None and xp.cuda.runtime.getDevice() != self.device:
            return None
        out = xp.ndarray(self.shape, self.dtype)
        args = self.fill(out, data)
        if args is None:
            return None
        self.function((self.grid,), (self.block,), args)
        return out

    def fill(self, out, data) -> list | None:
        """The kernel's arguments for output `out` and operands `data`, or None when a
        pointer misses the alignment of the recorded vector loads."""
        args, address = self.args.copy(), self.address
        operands = (out, *[data[i] for i in self.arrays])
        whole = PASS_ARRAYS and self.device is not None
        for k, (a, offset, align) in enumerate(zip(operands, self.offsets, self.aligns)):
            pointer = address(a) + offset
            if pointer % align:
                return None
            args[1 + k] = a if whole and not offset else np.uint64(pointer)
        if self.scalar is not None:
            args[1 + len(operands)] = self.scalar_type(data[self.scalar])
        return args


def plan_launch(desc, it, data, launch_plan, address, xp, device) -> PlannedLaunch | None:
    """The PlannedLaunch of a call just run by the full path (kernel `desc` over the built
    iterator `it` of backing operands `data`), or None where the call is not the common case
    (see Note [Planned device calls]). `launch_plan` makes the iterator's LaunchPlan,
    `address` reads a buffer's address, `device` is the current device id (None: host
    memory, for tests through the simulator)."""
    pieces = it.split_32bit()
    out = it.outputs[0]
    if len(pieces) != 1 or desc.extra_args or not out.flags.c_contiguous:
        return None
    plan = launch_plan(it)
    launches = launch_pieces(desc, plan)
    if len(launches) != 1:
        return None
    (variant, piece) = launches[0]
    arrays = [i for i, d in enumerate(data) if type(d) not in SCALARS]
    scalars = [i for i, d in enumerate(data) if type(d) in SCALARS]
    operands = (out, *[data[i] for i in arrays])
    p = PlannedLaunch()
    p.function = kernel_function(xp, desc, variant) if device is not None else None
    blocks = sm_count(device) * BLOCKS_PER_SM if device is not None else 1
    p.grid, p.block = launch_config(piece.numel, variant.vec_size, blocks)
    p.args = kernel_args(desc, variant, piece)
    p.shape, p.dtype, p.arrays = out.shape, out.dtype, arrays
    p.offsets = [ptr - address(a) for ptr, a in zip(piece.data_ptrs, operands)]
    p.aligns = [a.dtype.itemsize * variant.vec_size if variant.vec_size > 1 else 1
                for a in operands]  # fmt: skip
    p.scalar = scalars[-1] if plan.scalar is not None else None
    p.scalar_type = plan.compute_dtype.type
    p.device, p.xp, p.address = device, xp, address
    return p
