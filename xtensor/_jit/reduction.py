"""Block-reduction kernels: descriptor, plan, pure code generation and launch.

Owns: ``ReductionDescriptor`` (what to reduce), ``ReductionPlan`` (kept vs reduced dims
as plain data), ``generate_reduction_code`` (pure), ``reduction_args`` (kernel argument
values, shared by the CuPy launcher and hostsim) and ``launch_reduction``.  Same pattern
as the elementwise path; knows nothing about ops tables or the iterator.

Two layouts: the block kernel (reduction.cu) and, when adjacent outputs lie side by side in
the input and the reduced dim does not, the column kernel (reduction_columns.cu; Note [Column
reductions]); ``reads_columns`` picks one from the plan.

Kinds: sum, prod, mean, max, min, argmax, argmin, any, all, var, std (Welford; ``ddof``
is a kernel argument).  A kind is the name of a reduction record (``_ops/reductions.py``,
which ``_jit`` may not import): the caller passes ``spec.name`` and decides dtypes and
splitting from the record; ``KINDS`` holds only what the C++ templates need.  Indexing is
64-bit; see Note [Block reduction] in reduction.cu.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from string import Template

import numpy as np

from . import codegen
from .ctype_names import ctype_of, dtype_of, tag_of
from .launch import _cupy, load_function, sm_count
from .plan import MAX_DIMS

__all__ = [
    "KINDS",
    "ReductionDescriptor",
    "ReductionPlan",
    "generate_reduction_code",
    "launch_reduction",
    "launch_winners",
    "reduction_args",
    "reads_columns",
    "reduction_block",
    "reduction_grid",
    "reduction_kernel_name",
    "reduction_source",
]

# kind -> accumulator template in xt_reduce_ops.cuh, and whether complex input is allowed
KINDS: dict[str, tuple[str, bool]] = {
    "sum": ("Sum", True),
    "prod": ("Prod", True),
    "mean": ("Mean", True),
    "max": ("Max", True),
    "min": ("Min", True),
    "argmax": ("ArgMax", True),
    "argmin": ("ArgMin", True),
    "any": ("Any", True),
    "all": ("All", True),
    "var": ("Var", False),
    "std": ("Std", False),
}
# Templates whose project() divides by the count: they need a floating-point compute type.
_DIVIDING = frozenset({"Mean", "Var", "Std"})
DEFAULT_BLOCK = 128
# The column kernel's block: 32 adjacent outputs (a warp's lanes) times 16 row groups, so a tile
# of 32 outputs keeps 16 warps of loads in flight (Note [Column reductions]).
COLUMN_BLOCK = 512
WARP = 32
_OUT_DIMS_ARGS = 2  # output and input offsets over kept dims


@dataclass(frozen=True)
class ReductionDescriptor:
    """One reduction: ``kind`` over input ``input_ctype``, folded in ``compute_ctype``,
    written as ``result_ctype`` (``long long`` for argmax/argmin)."""

    kind: str
    input_ctype: str
    compute_ctype: str
    result_ctype: str

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown reduction {self.kind!r}; expected one of {', '.join(KINDS)}")
        for ctype in (self.input_ctype, self.compute_ctype, self.result_ctype):
            dtype_of(ctype)
        if not KINDS[self.kind][1] and self.compute_ctype.startswith("xt::complex"):
            raise TypeError(
                f"{self.kind}: complex compute type {self.compute_ctype} is not supported"
            )
        if KINDS[self.kind][0] in _DIVIDING and dtype_of(self.compute_ctype).kind not in "fc":
            raise TypeError(
                f"{self.kind}: needs a floating-point compute type; got {self.compute_ctype}"
            )


@dataclass(frozen=True)
class ReductionPlan:
    """Reduction facts as data: kept dims (one output each) and reduced dims, outermost
    first, byte strides of output and input over the kept dims and of the input over the
    reduced dims, element-0 pointers, and ``ddof`` for var/std."""

    kept_shape: tuple[int, ...]
    reduced_shape: tuple[int, ...]
    out_strides: tuple[int, ...]
    in_kept_strides: tuple[int, ...]
    in_reduced_strides: tuple[int, ...]
    out_ptr: int
    in_ptr: int
    ddof: float = 0.0

    @property
    def n_out(self) -> int:
        return math.prod(self.kept_shape)

    @property
    def n_reduced(self) -> int:
        return math.prod(self.reduced_shape)


def columns_of(block_size: int) -> int:
    """Outputs a column block reduces side by side: a warp's lanes, fewer in small
    (simulated) blocks so that each tile still has four row groups."""
    return min(WARP, max(1, block_size // 4))


def reads_columns(desc: ReductionDescriptor, plan: ReductionPlan, block_size: int) -> bool:
    """Whether `plan` runs the column kernel (Note [Column reductions]): its innermost kept
    dim steps one element through the input, holds a tile's worth of outputs, and the
    reduced dim does not step one element."""
    if not plan.kept_shape or not plan.reduced_shape:
        return False
    item = dtype_of(desc.input_ctype).itemsize
    return (
        abs(plan.in_kept_strides[-1]) == item
        and plan.kept_shape[-1] >= columns_of(block_size)
        and abs(plan.in_reduced_strides[-1]) != item
    )


def reduction_block(desc: ReductionDescriptor, plan: ReductionPlan) -> tuple[int, bool]:
    """(threads per block, column kernel?) of `plan` on the GPU."""
    if reads_columns(desc, plan, COLUMN_BLOCK):
        return COLUMN_BLOCK, True
    return DEFAULT_BLOCK, False


def reduction_grid(plan: ReductionPlan, block_size: int, columns: bool, sms: int) -> int:
    """Blocks to launch: one per output (per tile of outputs for the column kernel), at most
    as many as `sms` multiprocessors hold at once; the kernels stride over the rest."""
    if columns:
        tiles = -(-plan.n_out // columns_of(block_size))
        return min(tiles, sms * max(1, 2048 // block_size))
    return min(plan.n_out, sms * 16)


def reduction_kernel_name(
    desc: ReductionDescriptor, block_size: int = DEFAULT_BLOCK, columns: bool = False
) -> str:
    tags = [tag_of(desc.input_ctype), tag_of(desc.compute_ctype), tag_of(desc.result_ctype)]
    layout = "_cols" if columns else ""
    return f"xt_reduce_{desc.kind}_{'_'.join(tags)}_b{block_size}{layout}"


def _fill(skeleton: str, name: str, desc: ReductionDescriptor, block_size: int) -> str:
    """The accumulator header and `skeleton` filled for `desc` (the placeholders every
    reduction skeleton shares, and `columns`, which only the column kernel reads)."""
    if block_size < 1 or block_size & (block_size - 1):
        raise ValueError(f"block_size must be a power of 2; got {block_size}")
    fields = {
        "kernel_name": name,
        "op": f"xt::reduce::{KINDS[desc.kind][0]}<{desc.compute_ctype}>",
        "in_t": desc.input_ctype,
        "compute_t": desc.compute_ctype,
        "out_t": desc.result_ctype,
        "block_size": str(block_size),
        "columns": str(columns_of(block_size)),
    }
    kernel = Template(codegen._template_text(skeleton)).substitute(fields)
    return codegen._template_text("xt_reduce_ops.cuh") + "\n" + kernel


def _complete(name: str, kernel: str) -> str:
    """A kernel's whole translation unit: banner, support headers, kernel."""
    return f"// xtensor generated kernel {name}\n" + codegen.support_source() + "\n" + kernel


def generate_reduction_kernel(
    desc: ReductionDescriptor, block_size: int = DEFAULT_BLOCK, columns: bool = False
) -> str:
    """The accumulator header and the kernel, without the support headers (for batching)."""
    skeleton = "reduction_columns.cu" if columns else "reduction.cu"
    return _fill(skeleton, reduction_kernel_name(desc, block_size, columns), desc, block_size)


def generate_reduction_code(
    desc: ReductionDescriptor, block_size: int = DEFAULT_BLOCK, columns: bool = False
) -> str:
    """Complete CUDA source of one reduction kernel (pure)."""
    name = reduction_kernel_name(desc, block_size, columns)
    return _complete(name, generate_reduction_kernel(desc, block_size, columns))


def winners_kernel_name(desc: ReductionDescriptor, block_size: int = DEFAULT_BLOCK) -> str:
    return reduction_kernel_name(desc, block_size).replace("xt_reduce_", "xt_winners_", 1)


def generate_winners_kernel(desc: ReductionDescriptor, block_size: int = DEFAULT_BLOCK) -> str:
    """The second level of a two-level argmax/argmin (Note [Two-level argmax] in
    reduction_winners.cu), with the accumulator header, without the support headers."""
    if KINDS[desc.kind][0] not in ("ArgMax", "ArgMin"):
        raise ValueError(f"{desc.kind}: only argmax and argmin pick a winner among chunks")
    name = winners_kernel_name(desc, block_size)
    return _fill("reduction_winners.cu", name, desc, block_size)


def winners_params() -> tuple[tuple[str, str], ...]:
    return (
        ("long long", "parts"),
        ("long long", "chunk"),
        ("long long", "n"),
        ("char*", "out0"),
        ("const char*", "in0"),
        ("const long long*", "first"),
    )


def winners_args(parts: int, chunk: int, n: int, out_ptr: int, in_ptr: int, first_ptr: int):
    """NumPy scalars for every parameter of the winners kernel, in order."""
    return [np.int64(parts), np.int64(chunk), np.int64(n)] + [
        np.uint64(p) for p in (out_ptr, in_ptr, first_ptr)
    ]


@functools.lru_cache(maxsize=256)
def winners_source(desc: ReductionDescriptor) -> tuple[str, str]:
    """(source, kernel name) of `desc`'s winners kernel, generated once."""
    name = winners_kernel_name(desc)
    return _complete(name, generate_winners_kernel(desc)), name


def launch_winners(desc: ReductionDescriptor, args: list, stream=None) -> None:
    """Run the winners kernel of `desc` (one block) with `winners_args`."""
    fn = load_function(_cupy(), *winners_source(desc))
    fn((1,), (DEFAULT_BLOCK,), tuple(args), stream=stream)


def reduction_params() -> tuple[tuple[str, str], ...]:
    return (
        ("long long", "n_out"),
        ("long long", "n_red"),
        ("char*", "out0"),
        ("const char*", "in0"),
        ("xt::OffsetCalc<2, long long>", "out_calc"),
        ("xt::OffsetCalc<1, long long>", "red_calc"),
        ("double", "ddof"),
    )


@functools.lru_cache(maxsize=1024)  # its arguments are tuples; the struct is passed by value
def _calc(shape, strides_per_arg, nargs: int) -> np.void:
    if len(shape) > MAX_DIMS:
        raise ValueError(f"reduction plan has {len(shape)} dims; coalesce to at most {MAX_DIMS}")
    words = np.zeros(1 + MAX_DIMS + MAX_DIMS * nargs, dtype=np.int64)
    words[0] = len(shape)
    words[1 : 1 + len(shape)] = shape
    for d in range(len(shape)):
        base = 1 + MAX_DIMS + d * nargs
        words[base : base + nargs] = [strides[d] for strides in strides_per_arg]
    return words.view(np.dtype([(f"w{i}", np.int64) for i in range(words.size)]))[0]


def reduction_args(plan: ReductionPlan) -> list:
    """NumPy scalars for every parameter of the reduction kernel, in order."""
    return [
        np.int64(plan.n_out),
        np.int64(plan.n_reduced),
        np.uint64(plan.out_ptr),
        np.uint64(plan.in_ptr),
        _calc(plan.kept_shape, (plan.out_strides, plan.in_kept_strides), _OUT_DIMS_ARGS),
        _calc(plan.reduced_shape, (plan.in_reduced_strides,), 1),
        np.float64(plan.ddof),
    ]


def descriptor_for(kind: str, in_dtype, compute_dtype, result_dtype) -> ReductionDescriptor:
    return ReductionDescriptor(
        kind, ctype_of(in_dtype, kind), ctype_of(compute_dtype, kind), ctype_of(result_dtype, kind)
    )


@functools.lru_cache(maxsize=1024)
def reduction_source(
    desc: ReductionDescriptor, block_size: int = DEFAULT_BLOCK, columns: bool = False
) -> tuple[str, str]:
    """(source, kernel name) of `desc`'s kernel, generated once."""
    return (
        generate_reduction_code(desc, block_size, columns),
        reduction_kernel_name(desc, block_size, columns),
    )


def launch_reduction(desc: ReductionDescriptor, plan: ReductionPlan, stream=None) -> None:
    """Run the reduction on the current CUDA device through CuPy (RuntimeError without)."""
    cupy = _cupy()
    if plan.n_out == 0:
        return
    block, columns = reduction_block(desc, plan)
    fn = load_function(cupy, *reduction_source(desc, block, columns))
    grid = reduction_grid(plan, block, columns, sm_count(cupy.cuda.Device().id))
    fn((grid,), (block,), tuple(reduction_args(plan)), stream=stream)
