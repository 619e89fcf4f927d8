"""The iterator's facts as plain data (LaunchPlan), and the launch decisions made on them.

Owns: ``LaunchPlan``; ``choose_variant`` (plan -> Variant); ``split_ndim`` (a plan with
more dims than the offset calculator holds becomes several smaller plans); ``kernel_args``
(the values of every kernel parameter, in ``codegen.kernel_params`` order).  The CuPy
launcher and the hostsim harness both go through ``kernel_args``, so the harness tests
exactly what the device receives.

Knows nothing about ops or about xtensor's iterator classes: the CUDA backend copies the
iterator's coalesced shape, byte strides, dtypes and pointers here.  Cutting work into
pieces that index with 32 bits is the iterator's job (``TensorIter.split_32bit``, Note
[32-bit splitting] in ``xtensor/_iter/iterator.py``): the backend builds one LaunchPlan per
piece, and a plan that still passes the 32-bit limits runs the 64-bit variant rather than
being cut again here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .ctype_names import dtype_of
from .descriptor import KernelDescriptor, ScalarPos, Variant

__all__ = [
    "INDEX_LIMIT_32",
    "MAX_DIMS",
    "LaunchPlan",
    "choose_variant",
    "kernel_args",
    "launch_config",
    "fits_32bit",
    "launch_pieces",
    "split_ndim",
]

MAX_DIMS = 16  # must equal XT_MAX_DIMS in templates/xt_common.cuh
INDEX_LIMIT_32 = 2**31 - 1
MAX_VECTOR_BYTES = 16  # the widest single load/store CUDA issues (ld.global.v4.b32)


@dataclass(frozen=True)
class LaunchPlan:
    """One elementwise launch, described as data.

    ``shape``: coalesced sizes, outermost first (last dim innermost).  ``byte_strides``:
    one tuple per array operand, outputs first, aligned with ``shape``; zero for
    broadcast dims, possibly negative.  ``dtypes`` and ``data_ptrs`` (address of element
    0) follow the same operand order.  ``scalar``: ``(ScalarPos, value)`` when a Python
    scalar input was taken out of the arrays, else None.  ``compute_dtype``: the type
    the op computes in.
    """

    shape: tuple[int, ...]
    byte_strides: tuple[tuple[int, ...], ...]
    dtypes: tuple[np.dtype, ...]
    data_ptrs: tuple[int, ...]
    compute_dtype: np.dtype
    scalar: tuple[ScalarPos, object] | None = None

    def __post_init__(self) -> None:
        n = len(self.dtypes)
        if len(self.byte_strides) != n or len(self.data_ptrs) != n:
            raise ValueError(
                f"LaunchPlan: {n} dtypes, {len(self.byte_strides)} stride tuples and "
                f"{len(self.data_ptrs)} pointers; one of each per operand is required"
            )
        for strides in self.byte_strides:
            if len(strides) != len(self.shape):
                raise ValueError(f"LaunchPlan: strides {strides} do not match shape {self.shape}")

    @property
    def numel(self) -> int:
        return math.prod(self.shape)

    @property
    def scalar_pos(self) -> ScalarPos:
        return ScalarPos.NONE if self.scalar is None else self.scalar[0]

    def max_byte_offset(self) -> int:
        """Largest |offset| of any element from its operand's element 0."""
        return max(
            (
                sum(abs(s) * (n - 1) for s, n in zip(strides, self.shape))
                for strides in self.byte_strides
            ),
            default=0,
        )


def _is_dense(plan: LaunchPlan, k: int) -> bool:
    """Operand k is C-contiguous over plan.shape (size-1 dims ignored)."""
    expected = plan.dtypes[k].itemsize
    for size, stride in zip(reversed(plan.shape), reversed(plan.byte_strides[k])):
        if size != 1 and stride != expected:
            return False
        expected *= size
    return True


def _vec_size(plan: LaunchPlan) -> int:
    widest = max(dt.itemsize for dt in plan.dtypes)
    vec = 4
    while vec > 1 and (
        widest * vec > MAX_VECTOR_BYTES
        or any(ptr % (dt.itemsize * vec) for ptr, dt in zip(plan.data_ptrs, plan.dtypes))
    ):
        vec //= 2
    return vec


def choose_variant(plan: LaunchPlan, desc: KernelDescriptor) -> Variant:
    """Derive the kernel variant from the plan (see Note [Choosing a variant])."""
    # Note [Choosing a variant]
    # - contiguous: every array operand dense over the shape, so index i is byte i*itemsize;
    # - dynamic casting: some array input's dtype differs from the compute dtype;
    # - vec_size: contiguous, no casting, and every pointer aligned to itemsize*vec, with
    #   the widest operand's vector at most 16 bytes;
    # - scalar position: from plan.scalar;
    # - index_bits: 64 only if the plan is too big for 32 bits (the iterator's split_32bit
    #   normally cut it into pieces that fit before it got here).
    inputs = plan.dtypes[desc.nout :]
    dynamic = any(dt != plan.compute_dtype for dt in inputs)
    contiguous = all(_is_dense(plan, k) for k in range(len(plan.dtypes)))
    vec = _vec_size(plan) if contiguous and not dynamic else 1
    bits = 32 if fits_32bit(plan) else 64
    return Variant(contiguous, vec, dynamic, plan.scalar_pos, bits)


def fits_32bit(plan: LaunchPlan, limit: int = INDEX_LIMIT_32) -> bool:
    """Whether every element count and byte offset of ``plan`` fits in a 32-bit index."""
    return plan.numel <= limit and plan.max_byte_offset() <= limit


def split_ndim(plan: LaunchPlan, max_dims: int = MAX_DIMS) -> list[LaunchPlan]:
    """Pieces with at most ``max_dims`` dims, fixing outer coordinates one at a time."""
    if len(plan.shape) <= max_dims:
        return [plan]
    pieces = []
    for index in range(plan.shape[0]):
        inner = LaunchPlan(
            shape=plan.shape[1:],
            byte_strides=tuple(s[1:] for s in plan.byte_strides),
            dtypes=plan.dtypes,
            data_ptrs=tuple(p + index * s[0] for p, s in zip(plan.data_ptrs, plan.byte_strides)),
            compute_dtype=plan.compute_dtype,
            scalar=plan.scalar,
        )
        pieces += split_ndim(inner, max_dims)
    return pieces


def offset_calc_value(plan: LaunchPlan, index_bits: int) -> np.void:
    """The ``xt::OffsetCalc`` struct as a NumPy structured scalar (flat fields).

    Layout mirrors the C++ struct: ndim, sizes[MAX_DIMS], strides[MAX_DIMS][nargs], all
    of the index type, so there is no padding.  Unused entries stay 0.
    """
    if len(plan.shape) > MAX_DIMS:
        raise ValueError(f"plan has {len(plan.shape)} dims; split_ndim it first (max {MAX_DIMS})")
    itype = np.int32 if index_bits == 32 else np.int64
    nargs = len(plan.dtypes)
    words = np.zeros(1 + MAX_DIMS + MAX_DIMS * nargs, dtype=itype)
    words[0] = len(plan.shape)
    words[1 : 1 + len(plan.shape)] = plan.shape
    for d in range(len(plan.shape)):
        base = 1 + MAX_DIMS + d * nargs
        words[base : base + nargs] = [strides[d] for strides in plan.byte_strides]
    fields = np.dtype([(f"w{i}", itype) for i in range(words.size)])
    return words.view(fields)[0]


def kernel_args(
    desc: KernelDescriptor, variant: Variant, plan: LaunchPlan, extra: tuple = ()
) -> list:
    """NumPy scalars for every kernel parameter, in ``codegen.kernel_params`` order."""
    loop_type = np.uint32 if variant.index_bits == 32 else np.int64
    args: list = [loop_type(plan.numel)]
    args += [np.uint64(ptr) for ptr in plan.data_ptrs]
    if variant.scalar_pos is not ScalarPos.NONE:
        if plan.scalar is None:
            raise ValueError(
                f"{desc.name}: the {variant.scalar_pos.value} variant needs plan.scalar"
            )
        args.append(np.asarray(plan.scalar[1], dtype=plan.compute_dtype)[()])
    if len(extra) != len(desc.extra_args):
        raise ValueError(
            f"{desc.name}: expected {len(desc.extra_args)} extra arguments, got {len(extra)}"
        )
    args += [
        np.asarray(value, dtype=dtype_of(ctype))[()]
        for (ctype, _), value in zip(desc.extra_args, extra)
    ]
    if not variant.contiguous:
        args.append(offset_calc_value(plan, variant.index_bits))
    return args


def launch_pieces(desc: KernelDescriptor, plan: LaunchPlan) -> list[tuple[Variant, LaunchPlan]]:
    """What ``launch`` runs for ``plan``: its non-empty ``split_ndim`` pieces, each with its
    variant.  No 32-bit splitting here (see the module docstring)."""
    return [(choose_variant(piece, desc), piece) for piece in split_ndim(plan) if piece.numel]


BLOCK_SIZE = 128  # threads per block: 4 warps, enough to hide latency for streaming ops


def launch_config(numel: int, vec_size: int, max_blocks: int) -> tuple[int, int]:
    """(grid, block) for a grid-stride kernel over ``numel`` elements."""
    work = -(-numel // vec_size)
    return max(1, min(-(-work // BLOCK_SIZE), max_blocks)), BLOCK_SIZE
