"""What a kernel computes (KernelDescriptor) and how it walks memory (Variant).

Owns: the two frozen, hashable records that ``generate_code`` turns into CUDA source,
plus ``ScalarPos``.  Both are plain data built by the namespace's CUDA dispatch from an
op record and by ``plan.choose_variant`` from iterator facts; this module imports
neither the op table nor the iterator.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from .ctype_names import dtype_of

__all__ = ["KernelDescriptor", "ScalarPos", "Variant"]

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class ScalarPos(enum.Enum):
    """Which input, if any, is a Python scalar passed as a kernel argument."""

    NONE = "none"
    LHS = "lhs"  # input 0
    RHS = "rhs"  # the last input


@dataclass(frozen=True)
class KernelDescriptor:
    """The computation of one elementwise kernel, independent of memory layout.

    ``code`` holds one complete C++ device function named ``xt_<name>``: for one output
    it takes ``nin`` values of ``compute_ctype`` (plus ``extra_args``) and returns the
    result; for several outputs it returns ``void`` and takes one reference per output
    after the inputs.  ``input_ctypes`` are the element types of the input arrays (they
    differ from ``compute_ctype`` only with dynamic casting); ``result_ctypes`` are the
    output element types.  ``extra_args`` are ``(ctype, name)`` pairs passed through the
    kernel to the function after the inputs.  A scalar input (see ``Variant.scalar_pos``)
    is passed as ``compute_ctype`` whatever ``input_ctypes`` says for it.
    """

    name: str
    code: str
    nin: int
    nout: int
    input_ctypes: tuple[str, ...]
    compute_ctype: str
    result_ctypes: tuple[str, ...]
    extra_args: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if not _IDENTIFIER.match(self.name):
            raise ValueError(f"kernel name must be a C identifier; got {self.name!r}")
        if self.nin < 1 or self.nout < 1:
            raise ValueError(f"{self.name}: nin and nout must be >= 1; got {self.nin}, {self.nout}")
        if len(self.input_ctypes) != self.nin:
            raise ValueError(
                f"{self.name}: {len(self.input_ctypes)} input C types given for nin={self.nin}"
            )
        if len(self.result_ctypes) != self.nout:
            raise ValueError(
                f"{self.name}: {len(self.result_ctypes)} result C types given for nout={self.nout}"
            )
        for ctype in (*self.input_ctypes, self.compute_ctype, *self.result_ctypes):
            dtype_of(ctype)  # raises TypeError for an unknown type
        for _ctype, arg in self.extra_args:
            if not _IDENTIFIER.match(arg):
                raise ValueError(f"{self.name}: extra argument name {arg!r} is not an identifier")
        if f"xt_{self.name}" not in self.code:
            raise ValueError(
                f"{self.name}: code must define a device function named xt_{self.name}"
            )

    @property
    def function_name(self) -> str:
        return f"xt_{self.name}"


@dataclass(frozen=True)
class Variant:
    """How a kernel walks memory; chosen by ``plan.choose_variant``.

    ``contiguous``: every array operand is dense 1-D after coalescing (element i at byte
    ``i * itemsize``); otherwise an offset calculator maps indices to byte offsets.
    ``vec_size`` (1, 2, 4): elements per vector load/store, contiguous only.
    ``dynamic_casting``: inputs are loaded as their own types and converted in-kernel.
    ``scalar_pos``: a Python scalar input passed as a kernel argument.
    ``index_bits`` (32, 64): width of index arithmetic; 32 needs a split plan.
    """

    contiguous: bool = True
    vec_size: int = 1
    dynamic_casting: bool = False
    scalar_pos: ScalarPos = ScalarPos.NONE
    index_bits: int = 32

    def __post_init__(self) -> None:
        if self.vec_size not in (1, 2, 4):
            raise ValueError(f"vec_size must be 1, 2 or 4; got {self.vec_size}")
        if self.vec_size > 1 and not self.contiguous:
            raise ValueError("vectorized loads need the contiguous variant")
        if self.index_bits not in (32, 64):
            raise ValueError(f"index_bits must be 32 or 64; got {self.index_bits}")
        if not isinstance(self.scalar_pos, ScalarPos):
            raise TypeError(f"scalar_pos must be a ScalarPos; got {self.scalar_pos!r}")

    @property
    def tag(self) -> str:
        """Readable suffix for kernel names: ``contig_v4``, ``strided_cast_rhs_i64``..."""
        parts = [f"contig_v{self.vec_size}" if self.contiguous else "strided"]
        if self.dynamic_casting:
            parts.append("cast")
        if self.scalar_pos is not ScalarPos.NONE:
            parts.append(self.scalar_pos.value)
        if self.index_bits == 64:
            parts.append("i64")
        return "_".join(parts)
