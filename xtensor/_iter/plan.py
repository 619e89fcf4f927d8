"""Plan: everything about an iteration that depends only on the operand signature.

A plan is computed once per (flags, dtypes, shapes, byte strides, scalar kinds) and cached by
`iterator.build`; each step below is a small function with its own unit test.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._core import dtypes as _dtypes
from .._backends import allocator
from .flags import IterFlags
from .layout import (broadcast_shapes, broadcast_strides, coalesce, iteration_order,
                     strides_in_order)

_SCALAR_KINDS = ("b", "i", "f", "c")


def _is_scalar(a) -> bool:
    return _dtypes.scalar_kind(a) is not None


@dataclass(frozen=True)
class Plan:
    flags: IterFlags
    shape: tuple                 # broadcast shape, in the operands' own dim order
    common_dtype: _dtypes.DType  # what the loop computes in
    dtypes: tuple                # per operand, outputs first; scalars get the common dtype
    noutputs: int
    allocated: tuple             # per output: True when the iterator allocates it
    alloc_strides: tuple         # per output: byte strides to allocate with (or None)
    perm: tuple                  # iteration order of the broadcast dims, outermost first
    iter_shape: tuple            # coalesced shape
    iter_strides: tuple          # per array operand, coalesced byte strides
    scalar_positions: tuple      # input indices that are Python scalars

    def scalar_values(self, inputs):
        return [inputs[i] for i in self.scalar_positions]

    def allocate_outputs(self, outputs, inputs) -> tuple:
        """Step: allocate missing outputs in the layout of the inputs (Note [Output layout])."""
        if not any(self.allocated):
            return outputs
        xp = _array_module(outputs + inputs)
        out = []
        for i, o in enumerate(outputs):
            if o is None:
                dtype = self.dtypes[i].numpy
                strides = self.alloc_strides[i]
                o = _empty_strided(xp, self.shape, dtype, None if strides is None else self.perm)
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
            flat = (a.reshape(-1) if flags.c_contiguous else
                    a.T.reshape(-1) if flags.f_contiguous else None)
            if flat is not None and flat.shape == self.iter_shape and flat.strides == want:
                views.append(flat)
            else:
                xp = np if type(a) is np.ndarray else _cupy()
                views.append(xp.lib.stride_tricks.as_strided(
                    a, self.iter_shape, want, writeable=True))
        return views


def _cupy():
    import cupy

    return cupy


def _array_module(arrays):
    for a in arrays:
        if a is not None and not _is_scalar(a):
            return np if type(a) is np.ndarray else _cupy()
    return np


def _empty_strided(xp, shape, dtype, perm):
    """A fresh output whose dims, taken in `perm` order, are C-contiguous (perm None: C)."""
    empty = allocator.empty if xp is np else xp.empty
    if perm is None:
        return empty(shape, dtype)
    permuted = empty(tuple(shape[p] for p in perm), dtype)
    inverse = [0] * len(perm)
    for i, p in enumerate(perm):
        inverse[p] = i
    return permuted.transpose(inverse)


def make_plan(flags: IterFlags, outputs, inputs, func: str) -> Plan:
    array_inputs = [a for a in inputs if not _is_scalar(a)]
    scalar_positions = tuple(i for i, a in enumerate(inputs) if _is_scalar(a))
    if scalar_positions and not flags.allow_scalars:
        raise TypeError(f"{func}: Python scalar operands are not allowed here; got "
                        f"{type(inputs[scalar_positions[0]]).__name__}")
    if flags.is_reduction and any(o is None for o in outputs):
        raise ValueError(f"{func}: in reduction mode the caller allocates the outputs (with "
                         "size-1 reduced dims); this is a bug in xtensor; please report it")
    shape = compute_shape(flags, outputs, array_inputs, func)
    common, out_dtypes = compute_types(flags, outputs, inputs, func)
    given = [o for o in outputs if o is not None]
    full = [broadcast_strides(a.shape, a.strides, shape) for a in given + array_inputs]
    perm = (tuple(range(len(shape))) if flags.enforce_linear_iteration
            else iteration_order(shape, full[len(given):] + full[:len(given)]))
    alloc = tuple(None if o is not None or perm == tuple(range(len(shape)))
                  else strides_in_order(shape, perm, out_dtypes[i].itemsize)
                  for i, o in enumerate(outputs))
    operand_strides = []
    for i, o in enumerate(outputs):
        if o is not None:
            operand_strides.append(broadcast_strides(o.shape, o.strides, shape))
        else:
            itemsize = out_dtypes[i].itemsize
            operand_strides.append(alloc[i] or strides_in_order(
                shape, tuple(range(len(shape))), itemsize))
    operand_strides += [broadcast_strides(a.shape, a.strides, shape) for a in array_inputs]
    iter_shape, iter_strides = coalesce(
        tuple(shape[p] for p in perm), [tuple(s[p] for p in perm) for s in operand_strides])
    in_dtypes = tuple(common if _is_scalar(a) else _dtypes.from_numpy(a.dtype) for a in inputs)
    return Plan(flags, shape, common, tuple(out_dtypes) + in_dtypes, len(outputs),
                tuple(o is None for o in outputs), alloc, perm, iter_shape,
                tuple(iter_strides), scalar_positions)


def compute_shape(flags: IterFlags, outputs, array_inputs, func: str) -> tuple:
    """Step: broadcast the inputs; given outputs must have exactly that shape."""
    shape = broadcast_shapes(tuple(a.shape for a in array_inputs), func)
    for o in outputs:
        if o is None:
            continue
        if flags.is_reduction:
            if len(o.shape) != len(shape) or any(n not in (1, m) for n, m in zip(o.shape, shape)):
                raise ValueError(f"{func}: reduction output shape {o.shape} does not match "
                                 f"input shape {shape} with reduced dims of size 1")
        elif o.shape != shape:
            if broadcast_shapes((o.shape, shape), func) == o.shape:
                shape = o.shape  # the output may be larger (e.g. writing a scalar result)
            else:
                raise ValueError(f"{func}: output of shape {o.shape} cannot hold the result "
                                 f"of shape {shape}")
    return shape


def compute_types(flags: IterFlags, outputs, inputs, func: str):
    """Step: the common (compute) dtype and each output's dtype."""
    in_dtypes = tuple(_dtypes.from_numpy(a.dtype) for a in inputs if not _is_scalar(a))
    kinds = tuple(_dtypes.scalar_kind(a) for a in inputs if _is_scalar(a))
    if flags.promote_inputs_to_common_dtype:
        common = _dtypes.promote(in_dtypes, kinds)
    elif flags.check_all_same_dtype and len(set(in_dtypes)) > 1:
        raise TypeError(f"{func}: all operands must have the same dtype; got "
                        + ", ".join(d.name for d in in_dtypes))
    else:
        common = in_dtypes[0] if in_dtypes else _dtypes.promote((), kinds)
    if flags.promote_integer_inputs_to_float:
        common = _dtypes.float_for_int(common)
    common = flags.compute_dtype(common)
    result = flags.result_dtype(common)
    out_dtypes = []
    for i, o in enumerate(outputs):
        if o is None:
            out_dtypes.append(result)
            continue
        have = _dtypes.from_numpy(o.dtype)
        if have is not result:
            if not flags.cast_common_dtype_to_outputs:
                raise TypeError(f"{func}: output has dtype {have.name}, but the result dtype "
                                f"is {result.name}")
            if flags.enforce_safe_casting_to_output and not np.can_cast(
                    result.numpy, have.numpy, "same_kind"):
                raise TypeError(f"{func}: cannot store a {result.name} result in an output of "
                                f"dtype {have.name}; convert with astype() first")
        out_dtypes.append(have)
    return common, out_dtypes
