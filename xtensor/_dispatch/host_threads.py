"""Large NumPy arrays in threads, for namespace functions that are neither op records nor
reductions: casts, gathers (take) and boolean-mask compaction. Each of those takes the
backing array of any device; a NumPy one goes to the CPU backend's parallel path (which is
one NumPy call below its size threshold: Note [Grain per operation] in `_iter/parallel.py`),
any other to its array module's own call. And large copies of NumPy arrays into the output
buffer cache (`copied`, `joined`, `flattened`: NumPy arrays only).
"""

from __future__ import annotations

import numpy as np

from .._backends import backend_of, cpu, cpu_threads


def copied(data: np.ndarray, order: str = "C") -> np.ndarray:
    """`data.copy(order)`; a large C-order copy of a NumPy array's plain items into a buffer
    of the output cache, whose pages are mapped already (Note [Output buffer cache] in
    `_backends/cpu.py`): 0.79 of NumPy's time for 80 MB, where NumPy's fresh pages fault."""
    c_order = order == "C" or (order in ("A", "K") and data.flags.c_contiguous)
    plain = type(data) is np.ndarray and not data.dtype.hasobject
    if data.nbytes < cpu.MIN_BYTES or not c_order or not plain:
        return data.copy(order)
    out = cpu.empty(data.shape, data.dtype)
    np.copyto(out, data)
    return out


def joined(join, datas: list, axis: int | None) -> np.ndarray:
    """`join(datas, axis)` (NumPy's concatenate, one dtype): a large answer into the output
    cache (see `copied`); NumPy's own errors for operands it refuses. Axis None joins the
    arrays flattened in C order."""
    if axis is None:
        datas, axis = [d.ravel() for d in datas], 0
    nbytes = 0
    for d in datas:  # (a loop, not sum() of a generator: small joins pay 0.3 us less)
        nbytes += d.nbytes
    first = datas[0]
    if nbytes < cpu.MIN_BYTES or first.dtype.hasobject or not first.ndim:
        return join(datas, axis)
    at = axis + first.ndim if axis < 0 else axis
    if not 0 <= at < first.ndim or any(d.ndim != first.ndim for d in datas):
        return join(datas, axis)  # (its AxisError or ValueError)
    shape = list(first.shape)
    shape[at] = sum(d.shape[at] for d in datas)
    return np.concatenate(datas, axis=at, out=cpu.empty(tuple(shape), first.dtype))


def flattened(data: np.ndarray) -> np.ndarray:
    """NumPy's `data.flatten()`: a large one copied into the output cache (see `copied`)."""
    if data.nbytes < cpu.MIN_BYTES or data.dtype.hasobject:
        return data.flatten()
    return copied(data).reshape(-1)  # (a view of the cached buffer, which owns its memory)


def cast(data, dtype):
    """`data.astype(dtype)`."""
    if type(data) is np.ndarray:
        return cpu_threads.astype(data, dtype)
    return data.astype(dtype)


def take(data, indices, axis: int, func: str):
    """`xp.take(data, indices, axis=axis)` for in-range or negative `indices`; an index out of
    range raises IndexError naming `func`."""
    if type(data) is np.ndarray and type(indices) is np.ndarray:
        return cpu_threads.take(data, indices, axis, func)
    return backend_of(data).xp.take(data, indices, axis=axis)


def masked(data, mask):
    """`data[mask]` for a boolean `mask` of `data`'s shape."""
    if type(data) is np.ndarray and type(mask) is np.ndarray:
        return cpu_threads.masked(data, mask)
    return data[mask]


# The size thresholds, read at call time by the namespace's small-call fast paths (which must
# not take a large call): `limits.CAST_MIN` and so on.
limits = cpu_threads
