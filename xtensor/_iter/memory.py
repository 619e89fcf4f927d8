"""Memory functions per array type: the few things the iterator must do to an array's memory.

The iterator allocates outputs, builds strided views of the coalesced iteration shape, checks
inputs against outputs for overlap and reads data addresses. Each of those depends on where
the memory lives, so it goes through a `MemoryOps` record looked up by `type(array)`.

This module owns the registry and the plain-NumPy entry, which is the default. It must not
know any device library or allocator: a backend registers its own record (the CPU caching
allocator replaces the NumPy entry, the CUDA backend adds one for its array type, the meta
backend one for `MetaData`, whose "allocation" records a shape and a dtype only).

Note [Memory registry]
~~~~~~~~~~~~~~~~~~~~~~
Lookup is by exact type first, then along the type's MRO, so a NumPy subclass (`np.memmap`)
uses the `np.ndarray` record. An array type nobody registered is an error that says how to
fix it, rather than a silent fallback to NumPy, which would copy device memory to the host.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class MemoryOps:
    """What the iterator needs from one array type.

    empty(shape, dtype): an uninitialised C-contiguous array (`dtype` a numpy.dtype).
    as_strided(array, shape, byte_strides): a writeable view of `array`'s memory.
    may_share_memory(a, b): False only when `a` and `b` certainly do not overlap.
    data_address(array): the address of the array's element at index 0.
    """

    empty: Callable
    as_strided: Callable
    may_share_memory: Callable
    data_address: Callable


def _numpy_as_strided(a, shape, byte_strides):
    try:  # NumPy's constructor over a's buffer: 0.5 us; as_strided builds an interface (2.3)
        return np.ndarray(shape, a.dtype, buffer=a, strides=byte_strides)
    except (TypeError, ValueError, BufferError):  # no plain buffer (a strided `a`, objects),
        # or a view reaching before a's first element (negative strides): NumPy's function
        return np.lib.stride_tricks.as_strided(a, shape, byte_strides, writeable=True)


def _numpy_address(a) -> int:
    return a.__array_interface__["data"][0]


NUMPY = MemoryOps(
    empty=np.empty,
    as_strided=_numpy_as_strided,
    may_share_memory=np.may_share_memory,
    data_address=_numpy_address,
)

_REGISTRY: dict = {np.ndarray: NUMPY}
# The exact-type lookup as a plain dict method: the hot path (`exact(type(a)) or ops_for(a)`)
# then runs no Python frame of this module.
exact = _REGISTRY.get


def register(array_type: type, ops: MemoryOps) -> None:
    """Use `ops` for arrays of `array_type` (and its subclasses); replaces an earlier entry."""
    _REGISTRY[array_type] = ops


def ops_for_type(array_type: type) -> MemoryOps:
    """The record of `array_type` (see Note [Memory registry])."""
    ops = _REGISTRY.get(array_type)
    if ops is not None:
        return ops
    for base in array_type.__mro__[1:]:
        ops = _REGISTRY.get(base)
        if ops is not None:
            return ops
    raise TypeError(
        f"the iterator has no memory functions for arrays of type "
        f"{array_type.__module__}.{array_type.__qualname__}; the backend owning "
        f"them must call xtensor._iter.memory.register first"
    )


def ops_for(array) -> MemoryOps:
    """The record of `array`'s type."""
    return ops_for_type(type(array))


__all__ = ["MemoryOps", "NUMPY", "exact", "ops_for", "ops_for_type", "register"]
