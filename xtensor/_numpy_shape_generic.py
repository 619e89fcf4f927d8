"""NumPy's `block` and `insert` algorithms over a device module's own concatenate and
indexing, for the device modules that lack them (CuPy has neither). `_numpy_shape` calls them
off the CPU; on the CPU NumPy's own routines run. Knows no Array: the inputs are the device's
arrays.
"""

from __future__ import annotations

import builtins

import numpy as np

from ._core.axes import normalize_axis
from ._numpy_run import numpy_errors


def _leaves(node, out: list) -> None:
    if type(node) is list:
        for item in node:
            _leaves(item, out)
    else:
        out.append(node)


def _nested_map(node, leaf):
    """`block`'s nested lists with `leaf(x)` for each leaf x, or None where `leaf` answers
    None for one (the caller's first branch then leaves the call to its checked path)."""
    if type(node) is not list:
        return leaf(node)
    out = []
    for item in node:
        if (mapped := _nested_map(item, leaf)) is None:
            return None
        out.append(mapped)
    return out


def _block_depth(node, index: str) -> int:
    if type(node) is tuple:
        raise TypeError(f"block: {index} is a tuple; only lists can arrange blocks")
    if type(node) is not list:
        return 0
    if not node:
        raise ValueError(f"block: List at {index} cannot be empty")
    depths = {_block_depth(item, f"{index}[{i}]") for i, item in enumerate(node)}
    if len(depths) != 1:
        raise ValueError(f"block: List depths are mismatched under {index}")
    return 1 + depths.pop()


def _block_generic(xp, nested):
    """NumPy's block algorithm over `xp.concatenate` (for device modules without `block`)."""
    list_ndim = _block_depth(nested, "arrays")
    leaves = []
    _leaves(nested, leaves)
    leaves = [xp.asarray(leaf) for leaf in leaves]
    ndim = builtins.max([list_ndim, *(leaf.ndim for leaf in leaves)])
    it = iter(leaves)

    def build(node, depth):
        if depth == list_ndim:
            leaf = next(it)
            return leaf.reshape((1,) * (ndim - leaf.ndim) + leaf.shape)
        parts = [build(item, depth + 1) for item in node]
        return xp.concatenate(parts, axis=-(list_ndim - depth))

    with numpy_errors("block"):
        return build(nested, 0)


def _insert_generic(xp, arr, obj, values, axis):
    """NumPy's insert for device modules without one: the index arithmetic on the host (obj
    is small), the copies on the device."""
    if axis is None:
        arr, axis = arr.reshape(-1), 0
    axis = normalize_axis(axis, arr.ndim, "insert")
    n = arr.shape[axis]
    lead = (slice(None),) * axis
    if isinstance(obj, slice):
        where = np.arange(*obj.indices(n), dtype=np.intp)
    else:
        where = np.array(obj.get() if hasattr(obj, "get") else obj)
        if where.dtype == bool:
            if where.ndim != 1:
                raise ValueError("boolean array argument obj to insert must be one dimensional")
            where = np.flatnonzero(where)
        elif where.ndim > 1:
            raise ValueError("index array argument obj to insert must be one dimensional or scalar")
    values = xp.asarray(values, dtype=arr.dtype)
    if where.size == 1:
        index = where.item()
        if not -n <= index <= n:
            raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {n}")
        index += n if index < 0 else 0
        values = values.reshape((1,) * (arr.ndim - values.ndim) + values.shape)
        if where.ndim == 0:
            values = xp.moveaxis(values, 0, axis)
        count = values.shape[axis]
        shape = arr.shape[:axis] + (n + count,) + arr.shape[axis + 1 :]
        new = xp.empty(shape, arr.dtype)
        new[lead + (slice(None, index),)] = arr[lead + (slice(None, index),)]
        new[lead + (slice(index, index + count),)] = values
        new[lead + (slice(index + count, None),)] = arr[lead + (slice(index, None),)]
        return new
    where = where.astype(np.intp)
    where[where < 0] += n
    where[np.argsort(where, kind="stable")] += np.arange(len(where))
    shape = arr.shape[:axis] + (n + len(where),) + arr.shape[axis + 1 :]
    keep = np.ones(shape[axis], dtype=bool)
    keep[where] = False
    new = xp.empty(shape, arr.dtype)
    new[lead + (xp.asarray(where),)] = values
    new[lead + (xp.asarray(keep),)] = arr
    return new
