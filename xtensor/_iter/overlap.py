"""Memory overlap between an output and an input of one op.

Note [Memory overlap]
~~~~~~~~~~~~~~~~~~~~~
`x += y` writes the memory it reads, element for element: a *full* overlap, safe in any chunk
order. `x[1:] += x[:-1]` reads elements another chunk (or an earlier element of the same loop)
has already written: a *partial* overlap. NumPy answers as if the input were read before any
write, so the iterator copies a partially overlapping input first. Overlap is decided from
memory bounds (`numpy.may_share_memory`), which can call disjoint interleavings such as
`x[::2]` and `x[1::2]` overlapping; that costs a copy, never a wrong answer.
"""

from __future__ import annotations

import enum

import numpy as np


class Overlap(enum.Enum):
    NONE = "none"
    FULL = "full"
    PARTIAL = "partial"


def _address(a) -> int:
    return a.__array_interface__["data"][0] if type(a) is np.ndarray else a.data.ptr


def overlap(out, inp, full_strides_in: tuple, full_strides_out: tuple) -> Overlap:
    """How input `inp` overlaps output `out`; strides are both at the broadcast shape."""
    if type(out) is np.ndarray:
        if not np.may_share_memory(out, inp):
            return Overlap.NONE
    elif not _cupy_may_share(out, inp):
        return Overlap.NONE
    if _address(out) == _address(inp) and full_strides_in == full_strides_out:
        return Overlap.FULL
    return Overlap.PARTIAL


def _cupy_may_share(a, b) -> bool:
    import cupy

    return cupy.may_share_memory(a, b)
