"""Promotion kinds: how an op's compute and result dtypes follow from its operands.

The lattice itself (two dtypes -> their join, weak Python scalars) is `dtypes.promote`; this
module adds the one rule per op family on top of it. Ops name a kind in the op table, the
iterator's presets (`_iter/flags.py`) map each kind to flags, and `compute_and_result` is the
specification both read: nowhere else encodes a result dtype.
"""

from __future__ import annotations

import enum

from . import dtypes as dt


class Promotion(enum.Enum):
    """How the compute and result dtypes follow from the promoted input dtype.

    One example op each (see `compute_and_result`):
      DEFAULT               add: compute and result in the common dtype.
      INT_TO_FLOAT          exp: integer/bool inputs compute in a float (float32 up to 16 bits,
                            float64 above, like NumPy without float16); result = compute.
      INT_TO_DEFAULT_FLOAT  divide: integer/bool inputs compute in float64, as NumPy's true
                            division does.
      ALWAYS_BOOL           less: compute in the common dtype, result bool.
      COMPLEX_TO_REAL       abs: compute in the common dtype, result its real dtype.
    """

    DEFAULT = "default"
    INT_TO_FLOAT = "int_to_float"
    INT_TO_DEFAULT_FLOAT = "int_to_default_float"
    ALWAYS_BOOL = "always_bool"
    COMPLEX_TO_REAL = "complex_to_real"


def compute_dtype(kind: Promotion, common: dt.DType) -> dt.DType:
    """The dtype the loop computes in, given the promoted dtype of the operands."""
    if kind is Promotion.INT_TO_FLOAT:
        return dt.float_for_int(common)
    if kind is Promotion.INT_TO_DEFAULT_FLOAT and common.kind in "biu":
        return dt.DEFAULT_FLOAT
    return common


def result_dtype_of(kind: Promotion, compute: dt.DType) -> dt.DType:
    """The dtype of the result, given the compute dtype."""
    if kind is Promotion.ALWAYS_BOOL:
        return dt.bool
    if kind is Promotion.COMPLEX_TO_REAL:
        return dt.real_dtype(compute)
    return compute


def compute_and_result(kind: Promotion, common: dt.DType) -> tuple:
    """(compute dtype, result dtype) for promotion `kind` given the promoted input dtype."""
    compute = compute_dtype(kind, common)
    return compute, result_dtype_of(kind, compute)


def result_dtype(kind: Promotion, *operands) -> dt.DType:
    """The result dtype of an op of promotion `kind` on `operands` (DTypes or Python scalars).

    >>> result_dtype(Promotion.INT_TO_FLOAT, dt.int8)
    float32
    """
    dtypes = tuple(o for o in operands if isinstance(o, dt.DType))
    kinds = tuple(dt.scalar_kind(o) for o in operands if not isinstance(o, dt.DType))
    return compute_and_result(kind, dt.promote(dtypes, kinds))[1]


RULE_PHRASES = {
    Promotion.DEFAULT: "the promoted dtype of the inputs",
    Promotion.INT_TO_FLOAT: "the promoted dtype; integer inputs give float32 (up to 16 bits) "
                            "or float64",
    Promotion.INT_TO_DEFAULT_FLOAT: "the promoted dtype; integer inputs give float64",
    Promotion.ALWAYS_BOOL: "bool",
    Promotion.COMPLEX_TO_REAL: "the promoted dtype, real for complex inputs",
}
