"""TensorIter: the immutable, built iterator over outputs and inputs of one op call.

`build()` is a pipeline of named steps, most of them cached as a `Plan` keyed on the operand
signature (flags, dtypes, shapes, byte strides, scalar kinds), so repeated calls with the same
kinds of operands skip planning:

    populate operands -> memory overlap -> [plan: shape -> types -> output layout ->
    iteration order -> coalesce] -> allocate outputs

It knows nothing about particular ops: a loop callable does the work, on views. It knows no
device library either: memory is reached through the registry of `memory.py`.

Note [32-bit splitting]
~~~~~~~~~~~~~~~~~~~~~~~
Device kernels index fastest with 32-bit integers, which hold element counts and byte offsets
up to 2**31 - 1. `split_32bit` cuts an iterator that passes either limit into sub-iterators
that do not, as PyTorch's `with_32bit_indexing`: it halves the dim with the largest byte
extent ((size - 1) * |stride|, the widest operand's), ties going to the longer dim, and
recurses on both halves. Each piece is a view of the same arrays, so its data addresses move
to the piece's first element and its offsets start again from 0. Example: a (4, 2) float64
view with byte strides (2**30, 0) reaches byte 3 * 2**30 + 8; halving dim 0 gives two (2, 2)
pieces that each reach 2**30 + 8. This is the only 32-bit splitter: the JIT launches
the pieces it is given.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._core import dtypes as _dtypes
from .._core.checks import UFuncTypeError
from . import memory, parallel
from .flags import IterFlags
from .layout import (
    broadcast_shapes,
    broadcast_strides,
    coalesce,
    iteration_order,
    linear_blocks,
    strides_in_order,
)
from .overlap import Overlap, overlap

# --- Plan: everything about an iteration that depends only on the operand signature ------
# A plan is computed once per (flags, dtypes, shapes, byte strides, scalar kinds) and cached
# by `build`; each step is a small function with its own unit test.


def _is_scalar(a) -> bool:
    return _dtypes.scalar_kind(a) is not None


@dataclass(frozen=True)
class Plan:
    flags: IterFlags
    shape: tuple  # broadcast shape, in the operands' own dim order
    common_dtype: _dtypes.DType  # what the loop computes in
    dtypes: tuple  # per operand, outputs first; scalars get the common dtype
    noutputs: int
    allocated: tuple  # per output: True when the iterator allocates it
    alloc_strides: tuple  # per output: byte strides to allocate with (or None)
    perm: tuple  # iteration order of the broadcast dims, outermost first
    iter_shape: tuple  # coalesced shape
    iter_strides: tuple  # per array operand, coalesced byte strides
    scalar_positions: tuple  # input indices that are Python scalars

    def scalar_values(self, inputs):
        return [inputs[i] for i in self.scalar_positions]

    def allocate_outputs(self, outputs, inputs) -> tuple:
        """Step: allocate missing outputs in the layout of the inputs (Note [Output layout])."""
        if not any(self.allocated):
            return outputs
        ops = _memory_ops(outputs + inputs)
        out = []
        for i, o in enumerate(outputs):
            if o is None:
                perm = None if self.alloc_strides[i] is None else self.perm
                o = _empty_in_order(ops, self.shape, self.dtypes[i].numpy, perm)
            out.append(o)
        return tuple(out)

    def coalesced_views(self, arrays) -> list:
        """Each array operand as a view of `iter_shape` with its coalesced strides."""
        strides = iter(self.iter_strides)
        views = []
        for a in arrays:
            if _is_scalar(a):
                views.append(a)
                continue
            want = next(strides)
            flags = a.flags
            # Dense operands flatten to a view (never a copy); as_strided costs ~3 us more.
            flat = (
                a.reshape(-1)
                if flags.c_contiguous
                else a.T.reshape(-1)
                if flags.f_contiguous
                else None
            )
            if flat is not None and flat.shape == self.iter_shape and flat.strides == want:
                views.append(flat)
            else:
                views.append(memory_of(a).as_strided(a, self.iter_shape, want))
        return views


def memory_of(a) -> memory.MemoryOps:
    """The memory functions of array `a` (see Note [Memory registry] in memory.py)."""
    return memory.exact(type(a)) or memory.ops_for(a)


def _memory_ops(arrays) -> memory.MemoryOps:
    """The memory functions of the first array operand (NumPy's when there is none)."""
    for a in arrays:
        if a is not None and not _is_scalar(a):
            return memory_of(a)
    return memory.exact(np.ndarray)


def _empty_in_order(ops: memory.MemoryOps, shape: tuple, dtype, perm: tuple | None):
    """A fresh array whose dims, taken in `perm` order, are C-contiguous (perm None: C order).

    See Note [Output layout] in layout.py.
    """
    if perm is None:
        return ops.empty(shape, dtype)
    permuted = ops.empty(tuple(shape[p] for p in perm), dtype)
    inverse = [0] * len(perm)
    for i, p in enumerate(perm):
        inverse[p] = i
    return permuted.transpose(inverse)


def make_plan(flags: IterFlags, outputs, inputs, func: str) -> Plan:
    array_inputs = [a for a in inputs if not _is_scalar(a)]
    scalar_positions = tuple(i for i, a in enumerate(inputs) if _is_scalar(a))
    if scalar_positions and not flags.allow_scalars:
        raise TypeError(
            f"{func}: Python scalar operands are not allowed here; got "
            f"{type(inputs[scalar_positions[0]]).__name__}"
        )
    if flags.is_reduction and any(o is None for o in outputs):
        raise ValueError(
            f"{func}: in reduction mode the caller allocates the outputs (with "
            "size-1 reduced dims); this is a bug in xtensor; please report it"
        )
    shape = compute_shape(flags, outputs, array_inputs, func)
    common, out_dtypes = compute_types(flags, outputs, inputs, func)
    given = [o for o in outputs if o is not None]
    full = [broadcast_strides(a.shape, a.strides, shape) for a in given + array_inputs]
    if flags.enforce_linear_iteration:
        perm = tuple(range(len(shape)))
    elif _all_fortran(shape, array_inputs + given):
        perm = tuple(range(len(shape) - 1, -1, -1))
    else:
        perm = iteration_order(shape, full[len(given) :] + full[: len(given)])
    alloc = tuple(
        None
        if o is not None or perm == tuple(range(len(shape)))
        else strides_in_order(shape, perm, out_dtypes[i].itemsize)
        for i, o in enumerate(outputs)
    )
    operand_strides = []
    for i, o in enumerate(outputs):
        if o is not None:
            operand_strides.append(broadcast_strides(o.shape, o.strides, shape))
        else:
            itemsize = out_dtypes[i].itemsize
            operand_strides.append(
                alloc[i] or strides_in_order(shape, tuple(range(len(shape))), itemsize)
            )
    operand_strides += [broadcast_strides(a.shape, a.strides, shape) for a in array_inputs]
    iter_shape, iter_strides = coalesce(
        tuple(shape[p] for p in perm), [tuple(s[p] for p in perm) for s in operand_strides]
    )
    in_dtypes = tuple(common if _is_scalar(a) else _dtypes.from_numpy(a.dtype) for a in inputs)
    return Plan(
        flags,
        shape,
        common,
        tuple(out_dtypes) + in_dtypes,
        len(outputs),
        tuple(o is None for o in outputs),
        alloc,
        perm,
        iter_shape,
        tuple(iter_strides),
        scalar_positions,
    )


def _all_fortran(shape: tuple, arrays) -> bool:
    """Whether NumPy's ufuncs would allocate a Fortran-ordered output, size-1 dims included
    (Note [Output layout] in layout.py): every operand but 0-d ones has the result's shape
    and the same contiguity flags, F-contiguous but not C-contiguous."""
    order = None
    for a in arrays:
        if a.ndim == 0:
            continue
        if a.shape != shape:
            return False
        if a.ndim == 1:
            continue
        a_flags = a.flags
        kind = (a_flags.c_contiguous, a_flags.f_contiguous)
        if kind == (False, False) or (order is not None and kind != order):
            return False
        order = kind
    return order == (False, True)


def compute_shape(flags: IterFlags, outputs, array_inputs, func: str) -> tuple:
    """Step: broadcast the inputs; given outputs must have exactly that shape."""
    shape = broadcast_shapes(tuple(a.shape for a in array_inputs), func)
    for o in outputs:
        if o is None:
            continue
        if flags.is_reduction:
            if len(o.shape) != len(shape) or any(n not in (1, m) for n, m in zip(o.shape, shape)):
                raise ValueError(
                    f"{func}: reduction output shape {o.shape} does not match "
                    f"input shape {shape} with reduced dims of size 1"
                )
        elif o.shape != shape:
            if broadcast_shapes((o.shape, shape), func) == o.shape:
                shape = o.shape  # the output may be larger (e.g. writing a scalar result)
            else:
                raise ValueError(
                    f"{func}: output of shape {o.shape} cannot hold the result of shape {shape}"
                )
    return shape


def compute_types(flags: IterFlags, outputs, inputs, func: str):
    """Step: the common (compute) dtype and each output's dtype."""
    in_dtypes = tuple(_dtypes.from_numpy(a.dtype) for a in inputs if not _is_scalar(a))
    kinds = tuple(_dtypes.scalar_kind(a) for a in inputs if _is_scalar(a))
    if flags.common_from_x1:
        first = inputs[0]
        kind = _dtypes.scalar_kind(first)
        common = _dtypes.promote((), (kind,)) if kind else _dtypes.from_numpy(first.dtype)
    elif flags.promote_inputs_to_common_dtype:
        common = _dtypes.promote(in_dtypes, kinds)
    elif flags.check_all_same_dtype and len(set(in_dtypes)) > 1:
        raise TypeError(
            f"{func}: all operands must have the same dtype; got "
            + ", ".join(d.name for d in in_dtypes)
        )
    else:
        common = in_dtypes[0] if in_dtypes else _dtypes.promote((), kinds)
    if flags.promote_integer_inputs_to_float:
        common = _dtypes.float_for_int(common, in_dtypes)
    common = flags.compute_dtype(common)
    result = flags.result_dtype(common)
    results = flags.output_dtypes(common) if flags.output_dtypes else ()
    out_dtypes = []
    for i, o in enumerate(outputs):
        if i < len(results):
            result = results[i]
        if o is None:
            out_dtypes.append(result)
            continue
        have = _dtypes.from_numpy(o.dtype)
        if have is not result:
            if not flags.cast_common_dtype_to_outputs:
                raise TypeError(
                    f"{func}: output has dtype {have.name}, but the result dtype is {result.name}"
                )
            if flags.enforce_safe_casting_to_output and not np.can_cast(
                result.numpy, have.numpy, "same_kind"
            ):
                raise UFuncTypeError(
                    f"{func}: cannot store a {result.name} result in an output of "
                    f"dtype {have.name}; convert with astype() first"
                )
        out_dtypes.append(have)
    return common, out_dtypes


# --- build and the built iterator ---------------------------------------------------------

_PLANS: dict = {}
_PLAN_CACHE_LIMIT = 4096
INDEX_LIMIT_32 = 2**31 - 1  # the largest count or byte offset a 32-bit index holds


@dataclass(frozen=True)
class Operand:
    """One operand as the iterator sees it; strides are in bytes, in iteration order."""

    array: object  # backing array at its own shape, or None for a scalar
    scalar: object  # the Python scalar when `array` is None
    dtype: _dtypes.DType
    byte_strides: tuple
    is_output: bool
    will_resize: bool
    is_read_write: bool


def _is_scalar(a) -> bool:
    return _dtypes.scalar_kind(a) is not None


def _signature(a):
    # A Python scalar's kind, else the array's (dtype, shape, strides). Checking the scalar
    # first avoids `hasattr(a, "__array_interface__")`, which builds a dict per call.
    kind = _dtypes.scalar_kind(a)
    if kind is not None:
        return kind
    return (a.dtype, a.shape, a.strides)


def build(flags: IterFlags, outputs, inputs, func: str = "op") -> TensorIter:
    """Build an iterator. `outputs` holds arrays or None (allocate); `inputs` arrays or scalars."""
    outputs, inputs = tuple(outputs), tuple(inputs)
    if flags.check_mem_overlap:
        inputs = _copy_partial_overlaps(outputs, inputs)
    key = (
        flags,
        tuple(o if o is None else _signature(o) for o in outputs),
        tuple(_signature(a) for a in inputs),
    )
    plan = _PLANS.get(key)
    if plan is None:
        plan = make_plan(flags, outputs, inputs, func)
        if len(_PLANS) >= _PLAN_CACHE_LIMIT:
            _PLANS.clear()
        _PLANS[key] = plan
    for value in plan.scalar_values(inputs):
        _dtypes.check_scalar_fits(value, plan.common_dtype, func)
    arrays = plan.allocate_outputs(outputs, inputs) + inputs
    return TensorIter(plan, arrays)


def _copy_partial_overlaps(outputs, inputs):
    """See Note [Memory overlap]."""
    if not any(o is not None for o in outputs):
        return inputs
    fixed = list(inputs)
    for out in outputs:
        if out is None:
            continue
        for i, inp in enumerate(fixed):
            if _signature(inp) in (None, "b", "i", "f", "c"):
                continue
            same_view = inp.shape == out.shape and inp.strides == out.strides
            kind = overlap(out, inp, inp.strides if same_view else (), out.strides)
            if kind is Overlap.PARTIAL:
                fixed[i] = inp.copy()
    return tuple(fixed)


def plan_cache_clear() -> None:
    _PLANS.clear()


def plan_cache_size() -> int:
    return len(_PLANS)


class TensorIter:
    """The built iterator: a cached Plan plus this call's arrays (outputs first)."""

    __slots__ = ("plan", "arrays", "_shape", "_views")

    def __init__(self, plan: Plan, arrays: tuple, shape=None, views=None):
        self.plan = plan
        self.arrays = arrays
        self._shape = plan.iter_shape if shape is None else shape
        self._views = views

    # --- facts ---------------------------------------------------------------------------
    @property
    def shape(self) -> tuple:
        """Coalesced iteration shape, outermost dim first."""
        return self._shape

    @property
    def ndim(self) -> int:
        return len(self._shape)

    @property
    def numel(self) -> int:
        n = 1
        for s in self._shape:
            n *= s
        return n

    @property
    def broadcast_shape(self) -> tuple:
        return self.plan.shape

    @property
    def common_dtype(self) -> _dtypes.DType:
        return self.plan.common_dtype

    @property
    def noutputs(self) -> int:
        return self.plan.noutputs

    @property
    def outputs(self) -> tuple:
        return self.arrays[: self.plan.noutputs]

    @property
    def operands(self) -> list:
        plan, out = self.plan, []
        strides = iter(self.byte_strides())
        for i, a in enumerate(self.arrays):
            is_out = i < plan.noutputs
            scalar = _is_scalar(a)
            out.append(
                Operand(
                    array=None if scalar else a,
                    scalar=a if scalar else None,
                    dtype=plan.dtypes[i],
                    byte_strides=() if scalar else next(strides),
                    is_output=is_out,
                    will_resize=is_out and plan.allocated[i],
                    is_read_write=is_out and any(a is b for b in self.arrays[plan.noutputs :]),
                )
            )
        return out

    def byte_strides(self) -> list:
        """Per array operand (scalars skipped), strides in iteration order."""
        if self._views is None:
            return list(self.plan.iter_strides)
        return [v.strides for v in self._views if not _is_scalar(v)]

    # --- execution -----------------------------------------------------------------------
    def views(self) -> list:
        """Operands as views of the coalesced iteration shape (scalars stay scalars)."""
        if self._views is None:
            self._views = self.plan.coalesced_views(self.arrays)
        return self._views

    def for_each(self, loop, grain_size: int = parallel.GRAIN_SIZE) -> None:
        """Run `loop(operands)` over chunks of at least `grain_size` elements, in parallel.

        `loop` receives the operands (outputs first) as arrays broadcast-compatible with each
        other, or Python scalars; it must write the outputs in place. Reductions run in one
        chunk here; `reduce.run_reduction` is their parallel driver.
        """
        numel = self.numel
        if numel < 2 * grain_size or self.plan.flags.is_reduction:
            if self._views is None:
                loop(self.arrays)  # one chunk: NumPy broadcasts and coalesces for itself
            else:
                self.serial_for_each(loop, 0, numel)
            return
        self.views()
        parallel.parallel_for(numel, lambda b, e: self.serial_for_each(loop, b, e), grain_size)

    def serial_for_each(self, loop, begin: int, end: int) -> None:
        """Run `loop` over the C-order linear range [begin, end) of the iteration shape."""
        views = self.views()
        for block in linear_blocks(self._shape, begin, end):
            loop([v if _is_scalar(v) else v[block] for v in views])

    def data_addresses(self) -> tuple:
        """Per array operand (scalars skipped), the address of its element at iteration index
        0; for a piece of `split_32bit`, of the piece's first element."""
        arrays = self.arrays if self._views is None else self._views
        return tuple(memory_of(a).data_address(a) for a in arrays if not _is_scalar(a))

    def split_32bit(self, limit: int = INDEX_LIMIT_32) -> list:
        """Sub-iterators whose element counts and byte offsets all fit in `limit` (see
        Note [32-bit splitting]); `[self]` when this one already fits."""
        return _split_32bit(self, limit)


def _fits(it: TensorIter, limit: int) -> bool:
    """Every count and byte offset (the last byte of the farthest element) is within `limit`."""
    if it.numel > limit:
        return False
    arrays = [a for a in it.arrays if not _is_scalar(a)]
    return all(
        sum(abs(s) * (n - 1) for s, n in zip(strides, it.shape)) + a.itemsize <= limit
        for a, strides in zip(arrays, it.byte_strides())
    )


def _dim_to_halve(shape: tuple, strides: list) -> int:
    def extent(d):
        return ((shape[d] - 1) * max((abs(s[d]) for s in strides), default=0), shape[d])

    return max((d for d in range(len(shape)) if shape[d] > 1), key=extent)


def _split_32bit(it: TensorIter, limit: int) -> list:
    if _fits(it, limit):
        return [it]  # the common case: no views are built
    views = it.views()
    dim = _dim_to_halve(it.shape, it.byte_strides())
    half = it.shape[dim] // 2
    pieces = []
    for begin, end in ((0, half), (half, it.shape[dim])):
        index = tuple(slice(begin, end) if d == dim else slice(None) for d in range(it.ndim))
        sub_views = [v if _is_scalar(v) else v[index] for v in views]
        shape = it.shape[:dim] + (end - begin,) + it.shape[dim + 1 :]
        pieces.extend(_split_32bit(TensorIter(it.plan, it.arrays, shape, sub_views), limit))
    return pieces


__all__ = [
    "INDEX_LIMIT_32",
    "build",
    "TensorIter",
    "Operand",
    "broadcast_shapes",
    "plan_cache_clear",
]
