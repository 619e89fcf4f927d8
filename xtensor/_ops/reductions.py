"""The reduction table: every reduction and scan of the standard, declared once.

A `ReductionSpec` says what a reduction *is* (what it folds, its identity, its result dtype,
how NaN behaves, how a device may split it); dispatch, the backends and the namespace read
these fields instead of comparing names. The per-call work (reducer callables, kernels) lives
in `_dispatch`, `_backends` and `_jit`; this module is data plus the accumulator rule.

Note [Accumulator rules]
~~~~~~~~~~~~~~~~~~~~~~~~
The result dtype of a reduction of `x` (with no `dtype=` argument) is a named rule of its input
dtype, NumPy 2's choices, which for sum and prod are also the standard's:

    SAME        x's dtype                                        max, min
    SUM_INT     bool and signed ints -> int64, unsigned -> uint64,
                otherwise x's dtype                              sum, prod, cumulative_*
    FLOAT       bool and ints -> float64, otherwise x's dtype    mean
    REAL_FLOAT  FLOAT, then the real dtype (complex128 -> float64)  var, std
    BOOL        bool                                             any, all
    INDEX       int64 (the default index dtype)                  argmax, argmin, count_nonzero

Example: sum of int8 is int64, mean of int8 is float64, var of complex64 is float32.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from .._core import dtypes as dt


class Accumulator(enum.Enum):
    """Result-dtype rules of reductions; see Note [Accumulator rules]."""

    SAME = "same"
    SUM_INT = "sum_int"
    FLOAT = "float"
    REAL_FLOAT = "real_float"
    BOOL = "bool"
    INDEX = "index"

    def result(self, dtype: dt.DType) -> dt.DType:
        """The result dtype of this rule for input `dtype`."""
        return _RULES[self](dtype)


def _sum_int(d: dt.DType) -> dt.DType:
    if d.kind in "bi":
        return dt.DEFAULT_INT
    return dt.uint64 if d.kind == "u" else d


def _float(d: dt.DType) -> dt.DType:
    return dt.DEFAULT_FLOAT if d.kind in "biu" else d


_RULES = {
    Accumulator.SAME: lambda d: d,
    Accumulator.SUM_INT: _sum_int,
    Accumulator.FLOAT: _float,
    Accumulator.REAL_FLOAT: lambda d: dt.real_dtype(_float(d)),
    Accumulator.BOOL: lambda d: dt.bool,
    Accumulator.INDEX: lambda d: dt.DEFAULT_INDEX,
}


class Nan(enum.Enum):
    """What a NaN in the input does (informative: NumPy's loops and the kernels implement it)."""

    PROPAGATES = "a NaN makes the result NaN"
    FIRST = "the index of the first NaN wins"
    NONZERO = "a NaN counts as nonzero (true)"


@dataclass(frozen=True)
class ReductionSpec:
    """One reduction or scan.

    name: the Array API name. fold: the elementwise op (`_ops.elementwise` name) whose
    repeated application this is -- "add" for sum -- or None (mean, var, std, argmax, argmin).
    identity: the value of an empty reduction (`0` for sum, NaN for mean); None: an empty
    reduction raises (max, min, argmax, argmin). accumulator: the result-dtype rule (Note
    [Accumulator rules]). nan: what a NaN does. arg: the result is an index (argmax, argmin).
    splittable: partial results fold with this same reduction, so a device may reduce chunks
    then reduce the partials (Note [Two-stage reductions] in `_backends/cuda_reduce.py`).
    widen_on_device: CUDA kernels fold in the result dtype widened (float32 -> float64,
    complex64 -> complex128); otherwise they fold in the input dtype (comparisons, truth).
    root: the result is the square root of the reduction (std of var). nonzero: reduces the
    mask `x != 0` rather than x (count_nonzero). is_scan: a cumulative reduction, keeping the
    reduced axis. loop: the array module's function that computes it on whole arrays (NumPy's
    and CuPy's `cumsum` for cumulative_sum). summary: one line of doc.
    """

    name: str
    fold: str | None
    identity: object
    accumulator: Accumulator
    nan: Nan
    summary: str
    arg: bool = False
    splittable: bool = False
    widen_on_device: bool = False
    root: bool = False
    nonzero: bool = False
    is_scan: bool = False
    loop: str = ""
    numpy_aliases: tuple = ()
    since: str = "2021.12"

    def result_dtype(self, dtype: dt.DType) -> dt.DType:
        """The result dtype for input `dtype` when no `dtype=` is requested."""
        return _RULES[self.accumulator](dtype)

    def compares(self) -> bool:
        """Whether the result only compares or tests elements (max, min, argmax, argmin, any,
        all, count_nonzero): no arithmetic, so no rounding and no floating-point flag (NumPy's
        max and min propagate NaN without raising invalid; tests/test_reductions.py checks)."""
        return self.arg or self.nan is Nan.NONZERO or self.fold in ("maximum", "minimum")

    def order_sensitive(self, result: dt.DType) -> bool:
        """Whether the result's bits can depend on the order partial results are combined in:
        float and complex arithmetic can; comparisons, truth tests and integers cannot."""
        return not self.compares() and result.kind in "fc"


A, P = Accumulator, Nan.PROPAGATES


def folding(name, fold, identity, accumulator, summary, nan=P, **kw) -> ReductionSpec:
    """A fold of an associative op: partial results combine with the same reduction."""
    return ReductionSpec(
        name, fold, identity, accumulator, nan, summary, splittable=True, loop=name, **kw
    )


def statistic(name, accumulator, summary, **kw) -> ReductionSpec:
    """A reduction that is not one fold (mean, var, std): empty gives NaN."""
    return ReductionSpec(
        name, None, math.nan, accumulator, P, summary, widen_on_device=True, loop=name, **kw
    )


def arg_extreme(name, summary) -> ReductionSpec:
    return ReductionSpec(name, None, None, A.INDEX, Nan.FIRST, summary, arg=True, loop=name)


def scan(name, fold, identity, loop, summary, **kw) -> ReductionSpec:
    return ReductionSpec(
        name,
        fold,
        identity,
        A.SUM_INT,
        P,
        summary,
        is_scan=True,
        loop=loop,
        numpy_aliases=(loop,),
        **kw,
    )


REDUCTIONS = (
    # --- folds of one associative op ---
    folding("sum", "add", 0, A.SUM_INT, "Sum of the elements.", widen_on_device=True),
    folding("prod", "multiply", 1, A.SUM_INT, "Product of the elements.", widen_on_device=True),
    folding(
        "max", "maximum", None, A.SAME, "Largest element; NaN propagates.", numpy_aliases=("amax",)
    ),
    folding(
        "min", "minimum", None, A.SAME, "Smallest element; NaN propagates.", numpy_aliases=("amin",)
    ),
    folding(
        "any", "logical_or", False, A.BOOL, "Whether some element is nonzero.", nan=Nan.NONZERO
    ),
    folding(
        "all", "logical_and", True, A.BOOL, "Whether every element is nonzero.", nan=Nan.NONZERO
    ),
    # --- statistics ---
    statistic("mean", A.FLOAT, "Arithmetic mean; integers give float64."),
    statistic("var", A.REAL_FLOAT, "Variance, dividing by N - correction."),
    statistic("std", A.REAL_FLOAT, "Standard deviation, the square root of var.", root=True),
    # --- searching chapter ---
    arg_extreme("argmax", "Index of the first largest element."),
    arg_extreme("argmin", "Index of the first smallest element."),
    ReductionSpec(
        "count_nonzero",
        "add",
        0,
        A.INDEX,
        Nan.NONZERO,
        "Number of nonzero elements.",
        nonzero=True,
        loop="count_nonzero",
        since="2023.12",
    ),
    # --- scans ---
    scan("cumulative_sum", "add", 0, "cumsum", "Running sums along an axis.", since="2023.12"),
    scan(
        "cumulative_prod",
        "multiply",
        1,
        "cumprod",
        "Running products along an axis.",
        since="2024.12",
    ),
)

BY_NAME = {spec.name: spec for spec in REDUCTIONS}
# The splittable reduction folding each op: count_nonzero on a device is BY_FOLD["add"] of a mask.
BY_FOLD = {spec.fold: spec for spec in REDUCTIONS if spec.splittable}

__all__ = ["Accumulator", "BY_FOLD", "BY_NAME", "Nan", "REDUCTIONS", "ReductionSpec"]
