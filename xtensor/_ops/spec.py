"""OpSpec: the record that declares one elementwise op, and the enums its fields use.

The op table (`elementwise.py`) is the single source of truth; public functions, Array dunders,
CPU dispatch, CUDA codegen, docstrings and test parametrization are all derived from it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

from .._core import dtypes as dt
from .._core.dtypes import Promotion


class Category(enum.Enum):
    """Allowed input dtypes; the value is (dtype set, phrase used in error messages)."""

    BOOL = (dt.BOOLEAN, "a boolean dtype")
    INTEGER = (dt.INTEGER, "an integer dtype")
    INTEGER_OR_BOOL = (dt.INTEGER | dt.BOOLEAN, "an integer or boolean dtype")
    REAL_FLOATING = (dt.REAL_FLOATING, "a real floating-point dtype")
    REAL = (dt.REAL_NUMERIC | dt.BOOLEAN, "a real-valued dtype")
    REAL_NUMERIC = (dt.REAL_NUMERIC, "a real numeric dtype")
    NUMERIC = (dt.NUMERIC, "a numeric dtype")
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
    props: facts such as "commutative" or "int_identity" (the op leaves integers unchanged).
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
