"""Memory overlap between an output and an input of one op.

Note [Memory overlap]
~~~~~~~~~~~~~~~~~~~~~
`x += y` writes the memory it reads, element for element: a *full* overlap, safe in any chunk
order. `x[1:] += x[:-1]` reads elements another chunk (or an earlier element of the same loop)
has already written: a *partial* overlap. NumPy answers as if the input were read before any
write, so the iterator copies a partially overlapping input first. Overlap is decided from
memory bounds (`numpy.may_share_memory`), which can call disjoint interleavings such as
`x[::2]` and `x[1::2]` overlapping; that costs a copy, never a wrong answer.

Knows no device library: `may_share_memory` and addresses come from `memory.ops_for`.
"""

from __future__ import annotations

import enum

from . import memory


class Overlap(enum.Enum):
    NONE = "none"
    FULL = "full"
    PARTIAL = "partial"


def overlap(out, inp, full_strides_in: tuple, full_strides_out: tuple) -> Overlap:
    """How input `inp` overlaps output `out`; strides are both at the broadcast shape."""
    ops = memory.exact(type(out)) or memory.ops_for(out)
    if (memory.exact(type(inp)) or memory.ops_for(inp)) is not ops:
        return Overlap.NONE  # different kinds of memory (host and device) never overlap
    if not ops.may_share_memory(out, inp):
        return Overlap.NONE
    if ops.data_address(out) == ops.data_address(inp) and full_strides_in == full_strides_out:
        return Overlap.FULL
    return Overlap.PARTIAL
