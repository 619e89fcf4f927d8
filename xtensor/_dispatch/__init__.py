"""Dispatch: turn an op record plus operands into a plan and run it on a backend.

The namespace reaches everything below it through this package: the op dispatchers
(`elementwise`, `reduction`, `scan`), the one plan cache (`plans.PLANS`), the backend of an
array (`backend_of`, `backend_for`), large copies into the output cache (`copied`) and the
iterator services a namespace function with its own loop needs (`iterate`,
`broadcast_shapes`).
"""

from __future__ import annotations

from .._backends import backend_for, backend_of, user_kernels
from .._backends.cpu import empty_cache
from .._backends.meta import MetaData
from .._core.dtypes import Promotion
from .._iter import broadcast_shapes, build, flags_for
from .._iter.memory import ops_for
from .host_threads import copied
from .plans import PLANS, PlanCache, plan_cache_clear, plan_cache_info


def iterate(
    outputs, inputs, func: str, loop, promotion: Promotion = Promotion.DEFAULT, **flag_changes
):
    """Build an elementwise TensorIter over `outputs` (arrays or None) and `inputs`, run
    `loop(operands)` over its chunks, and return the iterator (its `outputs` hold the result).

    For namespace functions whose loop is not an op record's (`where`, `clip`): they get the
    iterator's broadcasting, promotion, overlap handling and parallel chunks all the same.
    On the meta device the loop never runs: the built iterator's outputs are the answer.
    """
    flags = flags_for(promotion)
    if flag_changes:
        flags = flags.with_(**flag_changes)
    it = build(flags, outputs, inputs, func)
    if type(it.arrays[0]) is not MetaData:
        it.for_each(loop)
    return it


def empty_output(like, shape: tuple, dtype) -> object:
    """An uninitialized output of `shape` and `dtype` on `like`'s device, from the allocator
    the iterator's outputs come from: on the CPU its cache, whose buffers are mapped already
    (a fresh 80 MB buffer costs its page faults on every call, more on several threads)."""
    return ops_for(like).empty(tuple(shape), dtype)


__all__ = [
    "PLANS",
    "PlanCache",
    "Promotion",
    "backend_for",
    "backend_of",
    "broadcast_shapes",
    "copied",
    "empty_cache",
    "empty_output",
    "iterate",
    "plan_cache_clear",
    "plan_cache_info",
    "user_kernels",
]
