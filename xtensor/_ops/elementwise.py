"""The op table: every elementwise function of the Array API standard, declared once.

Factories keep each record to a line or two; every field is explained on `OpSpec`.
"""

from __future__ import annotations

import numpy as np

from . import cuda
from . import special_cases as sc
from .loops import imag_loop, real_loop
from .spec import Category as C
from .spec import OpSpec
from .spec import Promotion as P

_ARITH = ("__{}__", "__r{}__", "__i{}__")


def _dunders(stem: str, reflected: bool = True) -> tuple:
    return tuple(d.format(stem) for d in (_ARITH if reflected else _ARITH[:1]))


def unary_float(name, ufunc, summary, domain=C.NUMERIC, **kw) -> OpSpec:
    return OpSpec(name, ufunc, 1, domain, P.INT_TO_FLOAT, summary, **kw)


def unary(name, ufunc, domain, summary, promotion=P.DEFAULT, **kw) -> OpSpec:
    return OpSpec(name, ufunc, 1, domain, promotion, summary, **kw)


def binary(name, ufunc, domain, summary, promotion=P.DEFAULT, **kw) -> OpSpec:
    return OpSpec(name, ufunc, 2, domain, promotion, summary, **kw)


def comparison(name, ufunc, domain, summary, **kw) -> OpSpec:
    return OpSpec(name, ufunc, 2, domain, P.ALWAYS_BOOL, summary, **kw)


_ROUNDING = frozenset({"int_identity"})

OPS = (
    # --- unary math, integer inputs computed in floating point ---
    unary_float("acos", np.arccos, "Inverse cosine.", cuda=cuda.ACOS, numpy_aliases=("arccos",)),
    unary_float(
        "acosh",
        np.arccosh,
        "Inverse hyperbolic cosine.",
        cuda=cuda.ACOSH,
        numpy_aliases=("arccosh",),
    ),
    unary_float("asin", np.arcsin, "Inverse sine.", cuda=cuda.ASIN, numpy_aliases=("arcsin",)),
    unary_float(
        "asinh", np.arcsinh, "Inverse hyperbolic sine.", cuda=cuda.ASINH, numpy_aliases=("arcsinh",)
    ),
    unary_float("atan", np.arctan, "Inverse tangent.", cuda=cuda.ATAN, numpy_aliases=("arctan",)),
    unary_float(
        "atanh",
        np.arctanh,
        "Inverse hyperbolic tangent.",
        cuda=cuda.ATANH,
        numpy_aliases=("arctanh",),
    ),
    unary_float("cos", np.cos, "Cosine.", cuda=cuda.COS),
    unary_float("cosh", np.cosh, "Hyperbolic cosine.", cuda=cuda.COSH),
    unary_float("exp", np.exp, "Exponential, e**x.", cuda=cuda.EXP),
    unary_float(
        "expm1", np.expm1, "exp(x) - 1, accurate for small x.", cuda=cuda.EXPM1, fixup=sc.expm1
    ),
    unary_float("log", np.log, "Natural logarithm.", cuda=cuda.LOG),
    unary_float("log1p", np.log1p, "log(1 + x), accurate for small x.", cuda=cuda.LOG1P),
    unary_float("log2", np.log2, "Base-2 logarithm.", cuda=cuda.LOG2),
    unary_float("log10", np.log10, "Base-10 logarithm.", cuda=cuda.LOG10),
    unary_float("reciprocal", np.reciprocal, "1 / x.", cuda=cuda.RECIPROCAL, since="2024.12"),
    unary_float("sin", np.sin, "Sine.", cuda=cuda.SIN),
    unary_float("sinh", np.sinh, "Hyperbolic sine.", cuda=cuda.SINH),
    unary_float("sqrt", np.sqrt, "Square root.", cuda=cuda.SQRT),
    unary_float("tan", np.tan, "Tangent.", cuda=cuda.TAN, fixup=sc.tan),
    unary_float("tanh", np.tanh, "Hyperbolic tangent.", cuda=cuda.TANH, fixup=sc.tanh),
    # --- unary, dtype kept ---
    unary(
        "abs",
        np.absolute,
        C.NUMERIC,
        "Absolute value (magnitude for complex).",
        promotion=P.COMPLEX_TO_REAL,
        cuda=cuda.ABS,
        dunders=("__abs__",),
        numpy_aliases=("absolute",),
    ),
    unary(
        "bitwise_invert",
        np.invert,
        C.INTEGER_OR_BOOL,
        "Bitwise NOT (~x).",
        cuda=cuda.BITWISE_INVERT,
        dunders=("__invert__",),
        numpy_aliases=("invert", "bitwise_not"),
    ),
    unary(
        "ceil", np.ceil, C.REAL_NUMERIC, "Smallest integer >= x.", cuda=cuda.CEIL, props=_ROUNDING
    ),
    unary(
        "conj",
        np.conjugate,
        C.NUMERIC,
        "Complex conjugate.",
        cuda=cuda.CONJ,
        numpy_aliases=("conjugate",),
        since="2022.12",
    ),
    unary(
        "floor", np.floor, C.REAL_NUMERIC, "Largest integer <= x.", cuda=cuda.FLOOR, props=_ROUNDING
    ),
    unary(
        "imag",
        imag_loop,
        C.NUMERIC,
        "Imaginary part.",
        promotion=P.COMPLEX_TO_REAL,
        cuda=cuda.IMAG,
        since="2022.12",
    ),
    unary(
        "isfinite",
        np.isfinite,
        C.NUMERIC,
        "True where x is finite.",
        promotion=P.ALWAYS_BOOL,
        cuda=cuda.ISFINITE,
    ),
    unary(
        "isinf",
        np.isinf,
        C.NUMERIC,
        "True where x is infinite.",
        promotion=P.ALWAYS_BOOL,
        cuda=cuda.ISINF,
    ),
    unary(
        "isnan",
        np.isnan,
        C.NUMERIC,
        "True where x is NaN.",
        promotion=P.ALWAYS_BOOL,
        cuda=cuda.ISNAN,
    ),
    unary(
        "logical_not",
        np.logical_not,
        C.ANY,
        "Logical NOT.",
        promotion=P.ALWAYS_BOOL,
        cuda=cuda.LOGICAL_NOT,
    ),
    unary(
        "negative",
        np.negative,
        C.NUMERIC,
        "Numerical negative, -x.",
        cuda=cuda.NEGATIVE,
        dunders=("__neg__",),
    ),
    unary(
        "positive",
        np.positive,
        C.NUMERIC,
        "Numerical positive, +x.",
        cuda=cuda.POSITIVE,
        dunders=("__pos__",),
    ),
    unary(
        "real",
        real_loop,
        C.NUMERIC,
        "Real part.",
        promotion=P.COMPLEX_TO_REAL,
        cuda=cuda.REAL,
        since="2022.12",
    ),
    unary(
        "round",
        np.rint,
        C.NUMERIC,
        "Round to the nearest integer, halves to even.",
        cuda=cuda.ROUND,
        props=_ROUNDING,
        numpy_aliases=("rint",),
    ),
    unary(
        "sign",
        np.sign,
        C.NUMERIC,
        "Sign of x (x / |x| for complex).",
        cuda=cuda.SIGN,
        fixup=sc.sign,
    ),
    unary(
        "signbit",
        np.signbit,
        C.REAL_NUMERIC,
        "True where the sign bit is set.",
        promotion=P.ALWAYS_BOOL,
        cuda=cuda.SIGNBIT,
        since="2023.12",
    ),
    unary("square", np.square, C.NUMERIC, "x * x.", cuda=cuda.SQUARE, since="2022.12"),
    unary(
        "trunc", np.trunc, C.REAL_NUMERIC, "Round toward zero.", cuda=cuda.TRUNC, props=_ROUNDING
    ),
    # --- binary arithmetic ---
    binary(
        "add",
        np.add,
        C.NUMERIC,
        "Sum, x1 + x2.",
        cuda=cuda.ADD,
        dunders=_dunders("add"),
        props=frozenset({"commutative", "associative"}),
        identity=0,
    ),
    binary(
        "atan2",
        np.arctan2,
        C.REAL,
        "Quadrant-aware inverse tangent of x1 / x2.",
        promotion=P.INT_TO_FLOAT,
        cuda=cuda.ATAN2,
        numpy_aliases=("arctan2",),
    ),
    binary(
        "copysign",
        np.copysign,
        C.REAL,
        "Magnitude of x1 with the sign of x2.",
        promotion=P.INT_TO_FLOAT,
        cuda=cuda.COPYSIGN,
        since="2023.12",
    ),
    binary(
        "divide",
        np.divide,
        C.NUMERIC,
        "True division, x1 / x2.",
        promotion=P.INT_TO_DEFAULT_FLOAT,
        cuda=cuda.DIVIDE,
        dunders=_dunders("truediv"),
        numpy_aliases=("true_divide",),
    ),
    binary(
        "floor_divide",
        np.floor_divide,
        C.REAL_NUMERIC,
        "Floor of x1 / x2.",
        cuda=cuda.FLOOR_DIVIDE,
        fixup=sc.floor_divide,
        dunders=_dunders("floordiv"),
    ),
    binary(
        "hypot",
        np.hypot,
        C.REAL,
        "sqrt(x1**2 + x2**2) without overflow.",
        promotion=P.INT_TO_FLOAT,
        cuda=cuda.HYPOT,
        since="2023.12",
    ),
    binary(
        "logaddexp",
        np.logaddexp,
        C.REAL,
        "log(exp(x1) + exp(x2)).",
        promotion=P.INT_TO_FLOAT,
        cuda=cuda.LOGADDEXP,
    ),
    binary(
        "maximum",
        np.maximum,
        C.REAL,
        "Elementwise maximum; NaN propagates.",
        cuda=cuda.MAXIMUM,
        since="2023.12",
        props=frozenset({"commutative"}),
    ),
    binary(
        "minimum",
        np.minimum,
        C.REAL,
        "Elementwise minimum; NaN propagates.",
        cuda=cuda.MINIMUM,
        since="2023.12",
        props=frozenset({"commutative"}),
    ),
    binary(
        "multiply",
        np.multiply,
        C.NUMERIC,
        "Product, x1 * x2.",
        cuda=cuda.MULTIPLY,
        dunders=_dunders("mul"),
        props=frozenset({"commutative", "associative"}),
        identity=1,
    ),
    binary(
        "nextafter",
        np.nextafter,
        C.REAL_FLOATING,
        "Next float after x1 toward x2.",
        cuda=cuda.NEXTAFTER,
        since="2024.12",
    ),
    binary(
        "pow",
        np.power,
        C.NUMERIC,
        "x1 raised to x2.",
        cuda=cuda.POW,
        fixup=sc.pow,
        dunders=_dunders("pow"),
        numpy_aliases=("power",),
    ),
    binary(
        "remainder",
        np.remainder,
        C.REAL_NUMERIC,
        "Remainder with the sign of x2.",
        cuda=cuda.REMAINDER,
        dunders=_dunders("mod"),
        numpy_aliases=("mod",),
    ),
    binary(
        "subtract",
        np.subtract,
        C.NUMERIC,
        "Difference, x1 - x2.",
        cuda=cuda.SUBTRACT,
        dunders=_dunders("sub"),
    ),
    # --- bitwise ---
    binary(
        "bitwise_and",
        np.bitwise_and,
        C.INTEGER_OR_BOOL,
        "Bitwise AND.",
        cuda=cuda.BITWISE_AND,
        dunders=_dunders("and"),
        identity=-1,
    ),
    binary(
        "bitwise_left_shift",
        np.left_shift,
        C.INTEGER,
        "Shift x1's bits left by x2.",
        cuda=cuda.BITWISE_LEFT_SHIFT,
        dunders=_dunders("lshift"),
        numpy_aliases=("left_shift",),
    ),
    binary(
        "bitwise_or",
        np.bitwise_or,
        C.INTEGER_OR_BOOL,
        "Bitwise OR.",
        cuda=cuda.BITWISE_OR,
        dunders=_dunders("or"),
        identity=0,
    ),
    binary(
        "bitwise_right_shift",
        np.right_shift,
        C.INTEGER,
        "Shift x1's bits right by x2.",
        cuda=cuda.BITWISE_RIGHT_SHIFT,
        dunders=_dunders("rshift"),
        numpy_aliases=("right_shift",),
    ),
    binary(
        "bitwise_xor",
        np.bitwise_xor,
        C.INTEGER_OR_BOOL,
        "Bitwise XOR.",
        cuda=cuda.BITWISE_XOR,
        dunders=_dunders("xor"),
        identity=0,
    ),
    # --- comparisons and logic ---
    comparison("equal", np.equal, C.ANY, "x1 == x2.", cuda=cuda.EQUAL, dunders=("__eq__",)),
    comparison("greater", np.greater, C.REAL, "x1 > x2.", cuda=cuda.GREATER, dunders=("__gt__",)),
    comparison(
        "greater_equal",
        np.greater_equal,
        C.REAL,
        "x1 >= x2.",
        cuda=cuda.GREATER_EQUAL,
        dunders=("__ge__",),
    ),
    comparison("less", np.less, C.REAL, "x1 < x2.", cuda=cuda.LESS, dunders=("__lt__",)),
    comparison(
        "less_equal", np.less_equal, C.REAL, "x1 <= x2.", cuda=cuda.LESS_EQUAL, dunders=("__le__",)
    ),
    comparison("logical_and", np.logical_and, C.ANY, "Logical AND.", cuda=cuda.LOGICAL_AND),
    comparison("logical_or", np.logical_or, C.ANY, "Logical OR.", cuda=cuda.LOGICAL_OR),
    comparison("logical_xor", np.logical_xor, C.ANY, "Logical XOR.", cuda=cuda.LOGICAL_XOR),
    comparison(
        "not_equal", np.not_equal, C.ANY, "x1 != x2.", cuda=cuda.NOT_EQUAL, dunders=("__ne__",)
    ),
    # --- ternary ---
    OpSpec(
        "clip",
        np._core.umath.clip,
        3,
        C.REAL,
        P.DEFAULT,
        "Clamp x to [min, max]; a None bound is no bound.",
        cuda=cuda.CLIP,
        since="2023.12",
    ),
)

BY_NAME = {op.name: op for op in OPS}
