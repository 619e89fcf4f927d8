"""Block-reduction kernels: descriptor, plan, pure code generation and launch.

Owns: ``ReductionDescriptor`` (what to reduce), ``ReductionPlan`` (kept vs reduced dims
as plain data), ``generate_reduction_code`` (pure), ``reduction_args`` (kernel argument
values, shared by the CuPy launcher and hostsim) and ``launch_reduction``.  Same pattern
as the elementwise path; knows nothing about ops tables or the iterator.

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
    "reduction_args",
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


def reduction_kernel_name(desc: ReductionDescriptor, block_size: int = DEFAULT_BLOCK) -> str:
    tags = [tag_of(desc.input_ctype), tag_of(desc.compute_ctype), tag_of(desc.result_ctype)]
    return f"xt_reduce_{desc.kind}_{'_'.join(tags)}_b{block_size}"


def generate_reduction_kernel(desc: ReductionDescriptor, block_size: int = DEFAULT_BLOCK) -> str:
    """The accumulator header and the kernel, without the support headers (for batching)."""
    if block_size < 1 or block_size & (block_size - 1):
        raise ValueError(f"block_size must be a power of 2; got {block_size}")
    fields = {
        "kernel_name": reduction_kernel_name(desc, block_size),
        "op": f"xt::reduce::{KINDS[desc.kind][0]}<{desc.compute_ctype}>",
        "in_t": desc.input_ctype,
        "compute_t": desc.compute_ctype,
        "out_t": desc.result_ctype,
        "block_size": str(block_size),
    }
    kernel = Template(codegen._template_text("reduction.cu")).substitute(fields)
    return codegen._template_text("xt_reduce_ops.cuh") + "\n" + kernel


def generate_reduction_code(desc: ReductionDescriptor, block_size: int = DEFAULT_BLOCK) -> str:
    """Complete CUDA source of one reduction kernel (pure)."""
    banner = f"// xtensor generated kernel {reduction_kernel_name(desc, block_size)}\n"
    return banner + codegen.support_source() + "\n" + generate_reduction_kernel(desc, block_size)


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
def reduction_source(desc: ReductionDescriptor) -> tuple[str, str]:
    """(source, kernel name) of `desc`'s kernel, generated once."""
    return generate_reduction_code(desc), reduction_kernel_name(desc)


def launch_reduction(desc: ReductionDescriptor, plan: ReductionPlan, stream=None) -> None:
    """Run the reduction on the current CUDA device through CuPy (RuntimeError without)."""
    cupy = _cupy()
    if plan.n_out == 0:
        return
    fn = load_function(cupy, *reduction_source(desc))
    grid = min(plan.n_out, sm_count(cupy.cuda.Device().id) * 16)
    fn((grid,), (DEFAULT_BLOCK,), tuple(reduction_args(plan)), stream=stream)
