"""The iterator's flags, and the presets each op family uses.

Flags are a frozen, hashable record: they are part of the plan-cache key, and an op never lists
flags itself; it picks a preset through its promotion kind.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace

from .._core.dtypes import Promotion, compute_dtype, result_dtype_of


def _same(dtype):
    return dtype


@dataclass(frozen=True)
class IterFlags:
    """How `TensorIter.build` treats its operands. Defaults are PyTorch's.

    check_mem_overlap (True): copy an input that partially overlaps an output before running,
        so `x[1:] += x[:-1]` gives NumPy's answer. Full overlap (`x += y`) needs no copy.
    promote_inputs_to_common_dtype (False): compute in the promoted dtype of all inputs and weak
        Python scalars. When False, `check_all_same_dtype` must hold or the inputs' first dtype
        is used.
    promote_integer_inputs_to_float (False): an integer or bool common dtype becomes a float
        one (`_dtypes.float_for_int`). Requires `promote_inputs_to_common_dtype`.
    cast_common_dtype_to_outputs (False): outputs given with another dtype receive the common
        dtype cast to theirs (in-place `int_array += 1` on int arrays is fine either way).
    enforce_safe_casting_to_output (False): raise TypeError when the result dtype cannot be
        cast to a given output under NumPy's 'same_kind' rule (`int_array += 1.5`).
    check_all_same_dtype (True): raise TypeError unless all operands share a dtype. Contradicts
        `promote_inputs_to_common_dtype`; setting both raises.
    allow_scalars (False): accept Python bool/int/float/complex operands as weak scalars.
    resize_outputs (True): outputs passed as None are allocated with the broadcast shape.
        Given outputs must already have that shape.
    is_reduction (False): outputs have size-1 (kept) dims where the inputs are reduced.
    enforce_linear_iteration (False): never reorder dims; iterate in C order.
    compute_dtype (identity): maps the promoted input dtype to the dtype the loop computes in
        (float64 for integer true division); applied after promote_integer_inputs_to_float.
    result_dtype (identity): maps the compute dtype to the output dtype (bool for comparisons,
        the real dtype for `abs` of complex).
    output_dtypes (None): maps the compute dtype to a tuple of one dtype per output, for ops
        whose outputs differ (frexp: mantissa float, exponent int32); None: every output has
        `result_dtype`.
    common_from_x1 (False): the common dtype is the first input's alone, and the other inputs
        are cast to it (ldexp's exponent). Requires `promote_inputs_to_common_dtype`.
    """

    check_mem_overlap: bool = True
    promote_inputs_to_common_dtype: bool = False
    promote_integer_inputs_to_float: bool = False
    cast_common_dtype_to_outputs: bool = False
    enforce_safe_casting_to_output: bool = False
    check_all_same_dtype: bool = True
    allow_scalars: bool = False
    resize_outputs: bool = True
    is_reduction: bool = False
    enforce_linear_iteration: bool = False
    compute_dtype: Callable = _same
    result_dtype: Callable = _same
    output_dtypes: Callable | None = None
    common_from_x1: bool = False

    def __post_init__(self):
        if self.check_all_same_dtype and self.promote_inputs_to_common_dtype:
            raise ValueError(
                "IterFlags: check_all_same_dtype and promote_inputs_to_common_dtype "
                "contradict each other; set one of them"
            )
        if self.promote_integer_inputs_to_float and not self.promote_inputs_to_common_dtype:
            raise ValueError(
                "IterFlags: promote_integer_inputs_to_float needs promote_inputs_to_common_dtype"
            )

    def with_(self, **changes) -> IterFlags:
        return replace(self, **changes)


# Presets, as PyTorch's BINARY_OP_CONFIG and friends.
ELEMENTWISE = IterFlags(
    check_all_same_dtype=False,
    promote_inputs_to_common_dtype=True,
    cast_common_dtype_to_outputs=True,
    enforce_safe_casting_to_output=True,
    allow_scalars=True,
)
FLOAT_ELEMENTWISE = ELEMENTWISE.with_(promote_integer_inputs_to_float=True)
NULLARY = IterFlags(check_mem_overlap=False)
REDUCTION = IterFlags(
    check_all_same_dtype=False,
    promote_inputs_to_common_dtype=True,
    cast_common_dtype_to_outputs=True,
    is_reduction=True,
)


def _preset(kind: Promotion) -> IterFlags:
    base = FLOAT_ELEMENTWISE if kind is Promotion.INT_TO_FLOAT else ELEMENTWISE
    return base.with_(
        compute_dtype=functools.partial(compute_dtype, kind),
        result_dtype=functools.partial(result_dtype_of, kind),
        common_from_x1=kind is Promotion.FROM_X1,
    )


# One preset per promotion kind, built once: flags are part of the plan-cache key.
_BY_PROMOTION = {kind: _preset(kind) for kind in Promotion}


def flags_for(kind: Promotion) -> IterFlags:
    """The elementwise preset of an op whose result dtype follows promotion `kind`."""
    return _BY_PROMOTION[kind]
