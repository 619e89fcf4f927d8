"""CUDA reductions: a reduction-mode TensorIter becomes a `ReductionPlan` for the JIT's
block-reduction kernels (two stages when few outputs would leave the GPU idle).

Note [Reductions on the device]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
`run_reduction` builds the same reduction-mode TensorIter as the CPU path. Its coalesced
dims split into kept dims (output byte-stride != 0; one output element each) and reduced dims
(output byte-stride 0), which is exactly a `ReductionPlan`. Everything about the reduction
comes from its record (`_ops.reductions.ReductionSpec`); the kernel is named by `spec.name`.
The accumulator type is wider than the data where that costs nothing on a memory-bound
kernel: records with `widen_on_device` (sum, prod, mean, var, std) fold in their result dtype
widened, float32 (complex64) to float64 (complex128), so var/std always run Welford in
float64; the others (comparisons, truth tests) fold in the input dtype. Two cases go through
other kernels first: a `nonzero` record (count_nonzero) reduces the `x != 0` mask with the
splittable record of its fold (sum), and the variance of complex data is the sum of the
variances of its real and imaginary parts (std: their `hypot`).
"""

from __future__ import annotations

import contextlib
from dataclasses import replace

import numpy as np

from .._iter import REDUCTION, build
from .._jit.ctype_names import dtype_of
from .._jit.launch import load_function, sm_count
from .._jit.reduction import (
    DEFAULT_BLOCK,
    ReductionPlan,
    columns_of,
    descriptor_for,
    launch_reduction,
    launch_winners,
    reduction_args,
    reduction_block,
    reduction_grid,
    reduction_source,
    winners_args,
    winners_source,
)
from .._ops.reductions import BY_FOLD, Accumulator, ReductionSpec
from . import cuda_calls

# The output is always freshly allocated, so no overlap check is needed.
_REDUCTION_FLAGS = REDUCTION.with_(check_mem_overlap=False)

_WIDER = {
    np.dtype(np.float32): np.dtype(np.float64),
    np.dtype(np.complex64): np.dtype(np.complex128),
}


def compute_dtype(spec: ReductionSpec, in_dtype, out_dtype) -> np.dtype:
    """The accumulator dtype of `spec` reducing `in_dtype` data into `out_dtype` (see Note
    [Reductions on the device])."""
    if not spec.widen_on_device:
        return np.dtype(in_dtype)
    return _WIDER.get(np.dtype(out_dtype), np.dtype(out_dtype))


def plan_reduction(it, spec: ReductionSpec, ddof: float = 0.0):
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
        out_ptr=pointer(out),
        in_ptr=pointer(data),
        ddof=float(ddof),
    )
    compute = compute_dtype(spec, data.dtype, out.dtype)
    return descriptor_for(spec.name, data.dtype, compute, out.dtype), plan


def run_reduction(data, out, spec: ReductionSpec, func: str, ddof: float = 0.0) -> None:
    """Reduce `data` into `out` (keepdims shape, preallocated) with the kernel of `spec`."""
    with _device_of_data(data):
        if spec.nonzero:  # count_nonzero: the sum of the x != 0 mask
            data, spec = _xp(data).not_equal(data, 0), BY_FOLD[spec.fold]
        if spec.accumulator is Accumulator.REAL_FLOAT and data.dtype.kind == "c":  # var, std
            _complex_spread(data, out, spec, func, ddof)
            return
        it = build(_REDUCTION_FLAGS, (out,), (data,), func)
        desc, plan = plan_reduction(it, spec, ddof)
        if not plan.n_out:
            return
        if spec.arg and plan.n_out == 1 and plan.n_reduced >= max(SPLIT_MIN_REDUCED, 2 * MAX_PARTS):
            _arg_in_chunks(data, out, spec, func)
            return
        for stage_desc, stage_plan, _ in split_reduction(spec, desc, plan, _xp(data)):
            launch_reduction(stage_desc, stage_plan)


# Note [Planned device reductions]
# As for elementwise calls (Note [Planned device calls] in cuda_calls.py), a reduction's full
# path is host work that a small or medium GPU reduction cannot hide (a sum of 16 floats took
# 112 us on an H100, CuPy's 15). Its launches depend only on what the dispatch key holds (the
# function, dtype, shape, axis, keepdims and options) plus the input's strides and device,
# which the plan checks per call. A `PlannedReduction` keeps each stage's loaded kernel, grid
# and arguments; a call allocates the output (and the two-stage temporary), fills in the
# pointers and launches; a chunked argmax (Note [Two-level argmax]) keeps its two launches the
# same way. var/std and count_nonzero are not planned: they run other kernels first.


class PlannedReduction:
    __slots__ = ("strides", "device", "keep_shape", "dtype", "temp", "stages", "xp")

    def __call__(self, data):
        """The reduction of `data` (same dtype, shape and strides), or None."""
        xp = self.xp
        device = data.data.device_id
        if data.strides != self.strides or device != self.device:
            return None
        if xp.cuda.runtime.getDevice() != device:
            return None  # the full path switches devices; a replay does not
        out = xp.ndarray(self.keep_shape, self.dtype)
        temp = None if self.temp is None else xp.ndarray(*self.temp)
        if cuda_calls.PASS_ARRAYS:  # CuPy passes an array as its element 0's address
            where = (data, out, temp)
        else:
            where = (data.data.ptr, out.data.ptr, 0 if temp is None else temp.data.ptr)
            where = tuple(np.uint64(w) for w in where)
        for function, grid, block, args, slots in self.stages:
            args = args.copy()
            for slot, role in slots:
                args[slot] = where[role]
            function((grid,), (block,), args)
        return out


def planned_stages(data, out, spec: ReductionSpec, func: str, xp):
    """(stages, the temporary's (shape, dtype) or None) of the reduction of `data` into
    `out`: each stage is (descriptor, ReductionPlan, (source, target)), with 0 for `data`, 1
    for `out` and 2 for the temporary. None for the reductions that are not planned."""
    if spec.nonzero or spec.accumulator is Accumulator.REAL_FLOAT:
        return None
    it = build(_REDUCTION_FLAGS, (out,), (data,), func)
    desc, plan = plan_reduction(it, spec)
    if not plan.n_out or (spec.arg and plan.n_out == 1 and plan.n_reduced >= 2 * MAX_PARTS):
        return None
    stages, temp_spec, roles = [], None, {pointer(data): 0, pointer(out): 1}
    for stage_desc, stage_plan, temp in split_reduction(spec, desc, plan, xp):
        if temp is not None:
            temp_spec, roles[pointer(temp)] = (temp.shape, temp.dtype), 2
        role = (roles[stage_plan.in_ptr], roles[stage_plan.out_ptr])
        stages.append((stage_desc, stage_plan, role))
    return stages, temp_spec


def planned_winners(data, out, spec: ReductionSpec, func: str, xp):
    """(stage-1 descriptor, its ReductionPlan, the winners descriptor, (parts, chunk, n)) of a
    chunked argmax/argmin of C-contiguous `data` into an int64 `out`, or None."""
    n = data.size
    if not spec.arg or out.size != 1 or out.dtype != np.int64 or not data.flags.c_contiguous:
        return None
    if n < max(SPLIT_MIN_REDUCED, 2 * MAX_PARTS):
        return None
    parts, chunk = MAX_PARTS, n // MAX_PARTS
    main = data.reshape(-1)[: parts * chunk].reshape(parts, chunk)
    it = build(_REDUCTION_FLAGS, (xp.empty((parts, 1), np.int64),), (main,), func)
    desc, plan = plan_reduction(it, spec)
    return (
        desc,
        plan,
        descriptor_for(spec.name, data.dtype, data.dtype, np.int64),
        (parts, chunk, n),
    )


def plan_reduction_call(data, out, spec: ReductionSpec, func: str) -> PlannedReduction | None:
    """The PlannedReduction of a call just run (CuPy `data` into `out`), or None."""
    cp = _cupy()
    device = data.data.device_id
    with cp.cuda.Device(device):
        planned = planned_stages(data, out, spec, func, cp)
        winners = None if planned is not None else planned_winners(data, out, spec, func, cp)
        if planned is None and winners is None:
            return None
        p = PlannedReduction()
        p.strides, p.device, p.keep_shape, p.dtype, p.xp = (
            data.strides, device, out.shape, out.dtype, cp
        )  # fmt: skip
        stages = planned[0] if planned else [(winners[0], winners[1], (0, 2))]
        p.temp = planned[1] if planned else ((MAX_PARTS, 1), np.dtype(np.int64))
        p.stages = []
        for stage_desc, stage_plan, (source, target) in stages:
            block, columns = reduction_block(stage_desc, stage_plan)
            function = load_function(cp, *reduction_source(stage_desc, block, columns))
            grid = reduction_grid(stage_plan, block, columns, sm_count(device))
            slots = ((2, target), (3, source))  # out0, in0
            p.stages.append((function, grid, block, reduction_args(stage_plan), slots))
        if winners:  # out0, in0, first: Note [Two-level argmax]
            function = load_function(cp, *winners_source(winners[2]))
            args = winners_args(*winners[3], 0, 0, 0)
            p.stages.append((function, 1, DEFAULT_BLOCK, args, ((3, 1), (4, 0), (5, 2))))
    return p


# Note [Two-stage reductions]
# The kernel gives each output one block, so a few outputs over many elements (a full sum)
# would leave all but a few SMs idle. For `splittable` records, whose partial results fold
# with the same reduction (sum, prod, max, min, any, all), the outermost reduced dim of size R
# is cut into `parts` equal chunks (the largest divisor of R up to MAX_PARTS): stage 1 reduces
# each chunk into a temporary (outputs x parts), stage 2 reduces its last dim. The partials
# keep the accumulator dtype where the record widens (sums, products), else the result dtype
# (max: the data's, any: bool). Example: sum of 2**26 float32 -> stage 1: 1024 partial
# float64 sums of 65536 elements, stage 2: one sum of 1024.
SPLIT_MIN_REDUCED = 1 << 15  # elements per output below which one block keeps up
SPLIT_MAX_OUTPUTS = 512  # outputs from which one block each already fills the GPU
MIN_PARTS, MAX_PARTS = 16, 1024


def _parts(size: int) -> int:
    return next((p for p in range(min(size, MAX_PARTS), MIN_PARTS - 1, -1) if size % p == 0), 1)


def split_reduction(spec: ReductionSpec, desc, plan: ReductionPlan, xp) -> list:
    """The launches of reduction `spec` (kernel `desc`): `[(desc, plan, temporary or None)]`
    in order; see Note [Two-stage reductions]. The temporary is returned to keep it alive
    until launch."""
    if not spec.splittable or not plan.reduced_shape:
        return [(desc, plan, None)]
    block, columns = reduction_block(desc, plan)
    if columns:
        return _split_columns(spec, desc, plan, xp, columns_of(block))
    parts = _parts(plan.reduced_shape[0])
    if plan.n_out > SPLIT_MAX_OUTPUTS or parts == 1 or plan.n_reduced < SPLIT_MIN_REDUCED:
        return [(desc, plan, None)]
    partial = _partial_dtype(spec, desc)
    temp = xp.empty(plan.n_out * parts, partial)
    strides = _c_strides((*plan.kept_shape, parts), partial.itemsize)
    chunk = plan.reduced_shape[0] // parts
    first = replace(
        plan,
        kept_shape=(*plan.kept_shape, parts),
        reduced_shape=(chunk, *plan.reduced_shape[1:]),
        out_strides=strides,
        out_ptr=pointer(temp),
        in_kept_strides=(*plan.in_kept_strides, chunk * plan.in_reduced_strides[0]),
    )
    second = replace(
        plan,
        reduced_shape=(parts,),
        in_kept_strides=strides[:-1],
        in_reduced_strides=(partial.itemsize,),
        in_ptr=pointer(temp),
    )
    return _stages(spec, desc, partial, first, second, temp)


# Note [Two-stage column reductions]
# The column kernel gives a block 32 adjacent outputs (Note [Column reductions]), so 8192
# outputs make 256 blocks, half of what an H100 holds at once, and 64 outputs make two. For
# `splittable` records the rows are then cut into `parts` equal chunks, enough to give the
# GPU about COLUMN_SPLIT_TILES tiles: stage 1 reduces each chunk into row p of a temporary
# (parts x outputs, C order), stage 2 reduces that temporary's columns, with the column
# kernel again. Below SPLIT_MIN_ELEMENTS the second launch costs more than it saves.
COLUMN_SPLIT_TILES = 512  # ~ blocks of 512 threads an H100 holds at once (132 SMs x 4)
SPLIT_MIN_ELEMENTS = 1 << 20
MIN_CHUNK_ROWS = 64  # four loads for each of a column block's 16 row groups


def _split_columns(spec: ReductionSpec, desc, plan: ReductionPlan, xp, width: int) -> list:
    rows = plan.reduced_shape[0]
    tiles = -(-plan.n_out // width)
    want = min(COLUMN_SPLIT_TILES // tiles, rows // MIN_CHUNK_ROWS)
    parts = next((p for p in range(want, 1, -1) if rows % p == 0), 1)
    if parts == 1 or plan.n_out * plan.n_reduced < SPLIT_MIN_ELEMENTS:
        return [(desc, plan, None)]
    partial = _partial_dtype(spec, desc)
    temp = xp.empty(parts * plan.n_out, partial)
    strides = _c_strides((parts, *plan.kept_shape), partial.itemsize)
    chunk = rows // parts
    first = replace(
        plan,
        kept_shape=(parts, *plan.kept_shape),
        reduced_shape=(chunk, *plan.reduced_shape[1:]),
        out_strides=strides,
        out_ptr=pointer(temp),
        in_kept_strides=(chunk * plan.in_reduced_strides[0], *plan.in_kept_strides),
    )
    second = replace(
        plan,
        reduced_shape=(parts,),
        in_kept_strides=strides[1:],
        in_reduced_strides=strides[:1],
        in_ptr=pointer(temp),
    )
    return _stages(spec, desc, partial, first, second, temp)


def _partial_dtype(spec: ReductionSpec, desc) -> np.dtype:
    """The partials keep the accumulator dtype where the record widens, else the result's."""
    return dtype_of(desc.compute_ctype if spec.widen_on_device else desc.result_ctype)


def _c_strides(shape: tuple[int, ...], itemsize: int) -> tuple[int, ...]:
    return tuple(int(n) * itemsize for n in np.cumprod((1, *shape[:0:-1]))[::-1])


def _stages(spec: ReductionSpec, desc, partial, first, second, temp) -> list:
    source, result = dtype_of(desc.input_ctype), dtype_of(desc.result_ctype)
    compute = dtype_of(desc.compute_ctype)
    return [
        (descriptor_for(spec.name, source, compute, partial), first, temp),
        (descriptor_for(spec.name, partial, partial, result), second, temp),
    ]


# Note [Two-level argmax]
# An index answer does not fold like a sum, so argmax/argmin of one output over many elements
# (axis=None) would run on one block: 305 ms for 2**26 floats on an H100. Instead the flat
# data is cut into MAX_PARTS equal chunks (and a tail of fewer than MAX_PARTS): one block per
# chunk finds each chunk's first extreme, then one block of the winners kernel
# (reduction_winners.cu) folds those extremes under their flat indices, with the tail. The
# first extreme of the first chunk that holds the overall extreme is the overall first: ties
# and the first NaN come out as NumPy's. Two launches, as for a sum.


def _arg_in_chunks(data, out, spec: ReductionSpec, func: str) -> None:
    xp = _xp(data)
    flat = xp.ascontiguousarray(data.reshape(-1))  # the winners kernel reads dense memory
    parts = MAX_PARTS
    chunk = flat.size // parts
    first = xp.empty((parts, 1), np.int64)
    run_reduction(flat[: parts * chunk].reshape(parts, chunk), first, spec, func)
    desc = descriptor_for(spec.name, flat.dtype, flat.dtype, np.int64)
    # `out` holds one element, freshly allocated: written in place when it is an int64
    where = out if out.dtype == np.int64 else xp.empty((), np.int64)
    args = winners_args(parts, chunk, flat.size, pointer(where), pointer(flat), pointer(first))
    launch_winners(desc, args)
    if where is not out:
        out[...] = where


def pointer(a) -> int:
    """Address of element 0 of a CuPy (or, in host simulation, NumPy) array."""
    if type(a) is np.ndarray:
        return a.__array_interface__["data"][0]
    return a.data.ptr


def _cupy():
    import cupy  # lazy: optional dependency, loaded on first device use

    return cupy


def _xp(data):
    return np if type(data) is np.ndarray else _cupy()


def _complex_spread(data, out, spec: ReductionSpec, func: str, ddof: float) -> None:
    """var(z) = var(z.real) + var(z.imag); std(z) = hypot(std(z.real), std(z.imag))."""
    imag = out.copy()
    run_reduction(data.real, out, spec, func, ddof)
    run_reduction(data.imag, imag, spec, func, ddof)
    xp = _xp(out)
    (xp.hypot if spec.root else xp.add)(out, imag, out=out)


def _device_of_data(data):
    """The CUDA device context of `data` (nothing for host memory in simulation)."""
    if type(data) is np.ndarray:
        return contextlib.nullcontext()
    return _cupy().cuda.Device(data.device.id)
