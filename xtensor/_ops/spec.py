"""OpSpec: the record that declares one elementwise op, the enums its fields use, and the small
factories the op table (`unary.py`, `binary.py`) writes its records with.

The op table (`elementwise.py`) is the single source of truth; public functions, Array dunders,
CPU dispatch, CUDA codegen, docstrings and test parametrization are all derived from it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

from .._core import dtypes as dt
from .._core.dtypes import Promotion

NUMPY = "numpy"  # `OpSpec.since` of an op that NumPy has and the standard does not
MEMORY_BOUND = "memory_bound"  # an `OpSpec.props` fact, see there


class Category(enum.Enum):
    """Allowed input dtypes; the value is (dtype set, phrase used in error messages)."""

    BOOL = (dt.BOOLEAN, "a boolean dtype")
    INTEGER = (dt.INTEGER, "an integer dtype")
    INTEGER_OR_BOOL = (dt.INTEGER | dt.BOOLEAN, "an integer or boolean dtype")
    REAL_FLOATING = (dt.REAL_FLOATING, "a real floating-point dtype")
    REAL = (dt.REAL_NUMERIC | dt.BOOLEAN, "a real-valued dtype")
    REAL_NUMERIC = (dt.REAL_NUMERIC, "a real numeric dtype")
    NUMERIC = (dt.NUMERIC, "a numeric dtype")
    # The ordering ops (<, maximum, clip): the standard's real-valued dtypes, plus complex as
    # NumPy orders it, lexicographically (the standard leaves complex unspecified).
    NUMERIC_OR_BOOL = (dt.NUMERIC | dt.BOOLEAN, "a numeric or boolean dtype")
    ANY = (frozenset(dt.ALL), "any dtype")

    @property
    def dtypes(self) -> frozenset:
        return self.value[0]

    @property
    def phrase(self) -> str:
        return self.value[1]


@dataclass(frozen=True)
class OpSpec:
    """One elementwise op.

    name: the Array API name; numpy_aliases: NumPy's other names for the same function.
    ufunc: the NumPy loop run on CPU chunks (a ufunc, or a callable(*inputs, out=outputs)).
    nin/nout: arity. domain: allowed input dtypes.
    promotion: the result-dtype rule, a `_core.dtypes.Promotion` kind.
    fixup: a named special-case function from `special_cases.py` run after the loop, or None.
    cuda: the C++ device function (`xt_<name>`) the JIT compiles for CUDA arrays.
    dunders: Array methods that call this op (reflected and in-place variants derived).
    props: facts such as "commutative", "int_identity" (the op leaves integers unchanged),
        "int_exponent" (a negative integer x2 is an error, as NumPy's loop raises one) or
        MEMORY_BOUND (a loop of a few instructions per element, which threads speed up only
        on larger arrays: Note [Memory-bound grain] in `_backends/cpu.py`).
    since: the Array API version that added the op, or `NUMPY` ("numpy") for a NumPy ufunc the
        standard does not have (`name` is then NumPy's name, and `standard` is False).
    numpy_bool: bool operands of an op whose domain excludes bool, where the standard leaves
        them unspecified and NumPy computes: `BOOL_LOOP` accepts them (the promotion kind says
        in which dtype: `b + b` is bool, `b % b` int8, `sqrt(b)` float16); `BOOL_MIXED` accepts
        them only beside a non-bool operand (`b - 1` is int64, `b - b` a TypeError as in
        NumPy); None keeps the domain (`-b` is a TypeError as in NumPy).
    input_domains: one Category per input where the inputs' domains differ (ldexp: x2 is an
        integer exponent), checked for Python scalars too; empty: `domain` for every input.
    output_dtypes: one dtype per output where it is fixed whatever the inputs, None where the
        promotion kind decides it (frexp: (None, int32), the exponent); empty: all by the kind.
    """

    name: str
    ufunc: Callable
    nin: int
    domain: Category
    promotion: Promotion
    summary: str
    cuda: str = ""
    nout: int = 1
    fixup: Callable | None = None
    dunders: tuple = ()
    numpy_aliases: tuple = ()
    props: frozenset = field(default_factory=frozenset)
    since: str = "2021.12"
    identity: object = None
    numpy_bool: str | None = None
    input_domains: tuple = ()
    output_dtypes: tuple = ()

    @property
    def standard(self) -> bool:
        """True for the Array API standard's functions, False for NumPy-only ufuncs."""
        return self.since != NUMPY


BOOL_LOOP = "loop"  # `OpSpec.numpy_bool`: bool operands compute as the promotion kind says
BOOL_MIXED = "mixed"  # `OpSpec.numpy_bool`: bool operands only beside a non-bool operand


# --- factories: each record of the table stays a line or two ---------------------------------

_ARITH = ("__{}__", "__r{}__", "__i{}__")


def dunders(stem: str, reflected: bool = True) -> tuple:
    """The operator methods of a binary op: `__add__`, `__radd__`, `__iadd__`."""
    return tuple(d.format(stem) for d in (_ARITH if reflected else _ARITH[:1]))


def unary_float(name, ufunc, summary, domain=Category.NUMERIC, **kw) -> OpSpec:
    """A unary op whose integer and bool inputs compute in floating point (`exp`); bool
    inputs, outside the standard's domain, compute as NumPy does (in float16, as int8)."""
    kw.setdefault("numpy_bool", None if dt.bool in domain.dtypes else BOOL_LOOP)
    return OpSpec(name, ufunc, 1, domain, Promotion.INT_TO_FLOAT, summary, **kw)


def unary(name, ufunc, domain, summary, promotion=Promotion.DEFAULT, **kw) -> OpSpec:
    return OpSpec(name, ufunc, 1, domain, promotion, summary, **kw)


def binary(name, ufunc, domain, summary, promotion=Promotion.DEFAULT, **kw) -> OpSpec:
    return OpSpec(name, ufunc, 2, domain, promotion, summary, **kw)


def comparison(name, ufunc, domain, summary, **kw) -> OpSpec:
    kw.setdefault("props", frozenset({MEMORY_BOUND}))
    return OpSpec(name, ufunc, 2, domain, Promotion.ALWAYS_BOOL, summary, **kw)
