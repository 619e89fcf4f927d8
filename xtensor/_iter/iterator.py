"""TensorIter: the immutable, built iterator over outputs and inputs of one op call.

`build()` is a pipeline of named steps, most of them cached as a `Plan` keyed on the operand
signature (flags, dtypes, shapes, byte strides, scalar kinds), so repeated calls with the same
kinds of operands skip planning:

    populate operands -> memory overlap -> [plan: shape -> types -> output layout ->
    iteration order -> coalesce] -> allocate outputs

It knows nothing about particular ops: a loop callable does the work, on views.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._core import dtypes as _dtypes
from . import parallel
from .flags import IterFlags
from .layout import broadcast_shapes, linear_blocks
from .overlap import Overlap, overlap
from .plan import Plan, make_plan

_PLANS: dict = {}
_PLAN_CACHE_LIMIT = 4096
_ARRAY_TYPES = (np.ndarray,)


@dataclass(frozen=True)
class Operand:
    """One operand as the iterator sees it; strides are in bytes, in iteration order."""

    array: object          # numpy/cupy array at its own shape, or None for a scalar
    scalar: object         # the Python scalar when `array` is None
    dtype: _dtypes.DType
    byte_strides: tuple
    is_output: bool
    will_resize: bool
    is_read_write: bool


def _signature(a):
    if hasattr(a, "__array_interface__") or hasattr(a, "__cuda_array_interface__"):
        return (a.dtype, a.shape, a.strides)
    return _dtypes.scalar_kind(a)


def build(flags: IterFlags, outputs, inputs, func: str = "op") -> TensorIter:
    """Build an iterator. `outputs` holds arrays or None (allocate); `inputs` arrays or scalars."""
    outputs, inputs = tuple(outputs), tuple(inputs)
    if flags.check_mem_overlap:
        inputs = _copy_partial_overlaps(outputs, inputs)
    key = (flags, tuple(o if o is None else _signature(o) for o in outputs),
           tuple(_signature(a) for a in inputs))
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
            scalar = _signature(a) in ("b", "i", "f", "c")
            out.append(Operand(
                array=None if scalar else a, scalar=a if scalar else None,
                dtype=plan.dtypes[i], byte_strides=() if scalar else next(strides),
                is_output=is_out, will_resize=is_out and plan.allocated[i],
                is_read_write=is_out and any(a is b for b in self.arrays[plan.noutputs:])))
        return out

    def byte_strides(self) -> list:
        """Per array operand (scalars skipped), strides in iteration order."""
        if self._views is None:
            return list(self.plan.iter_strides)
        return [v.strides for v in self._views if _signature(v) not in ("b", "i", "f", "c")]

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
            loop([v if _signature(v) in ("b", "i", "f", "c") else v[block] for v in views])

    def split_32bit(self) -> list:
        """Sub-iterators whose element counts and byte offsets all fit in 32-bit indexing."""
        return _split_32bit(self)


_INDEX_LIMIT = 2**31 - 1


def _max_offset(views, shape) -> int:
    worst = 0
    for v in views:
        if _signature(v) in ("b", "i", "f", "c"):
            continue
        worst = max(worst, sum(abs(s) * (n - 1) for s, n in zip(v.strides, shape)) + v.itemsize)
    return worst


def _split_32bit(it: TensorIter) -> list:
    views = it.views()
    if it.numel <= _INDEX_LIMIT and _max_offset(views, it.shape) <= _INDEX_LIMIT:
        return [it]
    # Halve the dim that contributes the largest byte extent, as PyTorch splits the largest.
    dim = max(range(it.ndim), key=lambda d: it.shape[d] * max(
        (abs(v.strides[d]) for v in views if _signature(v) not in ("b", "i", "f", "c")),
        default=1))
    half = it.shape[dim] // 2
    pieces = []
    for sl in (slice(0, half), slice(half, it.shape[dim])):
        index = tuple(sl if d == dim else slice(None) for d in range(it.ndim))
        sub_views = [v if _signature(v) in ("b", "i", "f", "c") else v[index] for v in views]
        shape = tuple(sl.stop - sl.start if d == dim else n for d, n in enumerate(it.shape))
        pieces.extend(_split_32bit(TensorIter(it.plan, it.arrays, shape, sub_views)))
    return pieces


__all__ = ["build", "TensorIter", "Operand", "broadcast_shapes", "plan_cache_clear"]
