"""The op table's unary records: the standard's unary elementwise functions, then NumPy's
unary ufuncs that the standard lacks (`since=NUMPY`). Every field is explained on `OpSpec`."""

from __future__ import annotations

import numpy as np

from .._core import dtypes as dt
from . import cuda
from . import special_cases as sc
from .cuda import numpy_only as np_cuda
from .loops import imag_loop, real_loop, round_loop, signbit_loop
from .spec import BOOL_LOOP, MEMORY_BOUND, NUMPY, OpSpec, unary, unary_float
from .spec import Category as C
from .spec import Promotion as P

_ROUNDING = frozenset({"int_identity", MEMORY_BOUND})

STANDARD: tuple[OpSpec, ...] = (
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
        numpy_bool=BOOL_LOOP,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "bitwise_invert",
        np.invert,
        C.INTEGER_OR_BOOL,
        "Bitwise NOT (~x).",
        cuda=cuda.BITWISE_INVERT,
        dunders=("__invert__",),
        numpy_aliases=("invert", "bitwise_not"),
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "ceil",
        np.ceil,
        C.REAL_NUMERIC,
        "Smallest integer >= x.",
        cuda=cuda.CEIL,
        props=_ROUNDING,
        numpy_bool=BOOL_LOOP,
    ),
    unary(
        "conj",
        np.conjugate,
        C.NUMERIC,
        "Complex conjugate.",
        promotion=P.BOOL_AS_INT8,
        cuda=cuda.CONJ,
        numpy_bool=BOOL_LOOP,
        numpy_aliases=("conjugate",),
        since="2022.12",
        props=frozenset({MEMORY_BOUND}),
    ),
    # The standard defines reciprocal for floating point; integers keep their dtype, as in
    # NumPy, whose loop truncates 1 / x toward zero (bool computes in int8).
    unary(
        "reciprocal",
        np.reciprocal,
        C.NUMERIC,
        "1 / x.",
        promotion=P.BOOL_AS_INT8,
        cuda=cuda.RECIPROCAL,
        numpy_bool=BOOL_LOOP,
        since="2024.12",
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "floor",
        np.floor,
        C.REAL_NUMERIC,
        "Largest integer <= x.",
        cuda=cuda.FLOOR,
        props=_ROUNDING,
        numpy_bool=BOOL_LOOP,
    ),
    unary(
        "imag",
        imag_loop,
        C.NUMERIC,
        "Imaginary part.",
        promotion=P.COMPLEX_TO_REAL,
        cuda=cuda.IMAG,
        since="2022.12",
        numpy_bool=BOOL_LOOP,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "isfinite",
        np.isfinite,
        C.NUMERIC,
        "True where x is finite.",
        promotion=P.ALWAYS_BOOL,
        cuda=cuda.ISFINITE,
        numpy_bool=BOOL_LOOP,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "isinf",
        np.isinf,
        C.NUMERIC,
        "True where x is infinite.",
        promotion=P.ALWAYS_BOOL,
        cuda=cuda.ISINF,
        numpy_bool=BOOL_LOOP,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "isnan",
        np.isnan,
        C.NUMERIC,
        "True where x is NaN.",
        promotion=P.ALWAYS_BOOL,
        cuda=cuda.ISNAN,
        numpy_bool=BOOL_LOOP,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "logical_not",
        np.logical_not,
        C.ANY,
        "Logical NOT.",
        promotion=P.ALWAYS_BOOL,
        cuda=cuda.LOGICAL_NOT,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "negative",
        np.negative,
        C.NUMERIC,
        "Numerical negative, -x.",
        cuda=cuda.NEGATIVE,
        dunders=("__neg__",),
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "positive",
        np.positive,
        C.NUMERIC,
        "Numerical positive, +x.",
        cuda=cuda.POSITIVE,
        dunders=("__pos__",),
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "real",
        real_loop,
        C.NUMERIC,
        "Real part.",
        promotion=P.COMPLEX_TO_REAL,
        cuda=cuda.REAL,
        since="2022.12",
        numpy_bool=BOOL_LOOP,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "round",
        round_loop,
        C.NUMERIC,
        "Round to the nearest integer, halves to even.",
        promotion=P.BOOL_AS_FLOAT,
        cuda=cuda.ROUND,
        numpy_bool=BOOL_LOOP,
        props=_ROUNDING,
    ),
    unary(
        "sign",
        np.sign,
        C.NUMERIC,
        "Sign of x (x / |x| for complex).",
        cuda=cuda.SIGN,
        fixup=sc.sign,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "signbit",
        signbit_loop,
        C.REAL_NUMERIC,
        "True where the sign bit is set.",
        promotion=P.ALWAYS_BOOL,
        cuda=cuda.SIGNBIT,
        since="2023.12",
        numpy_bool=BOOL_LOOP,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "square",
        np.square,
        C.NUMERIC,
        "x * x.",
        promotion=P.BOOL_AS_INT8,
        cuda=cuda.SQUARE,
        since="2022.12",
        numpy_bool=BOOL_LOOP,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary(
        "trunc",
        np.trunc,
        C.REAL_NUMERIC,
        "Round toward zero.",
        cuda=cuda.TRUNC,
        props=_ROUNDING,
        numpy_bool=BOOL_LOOP,
    ),
)

# NumPy's own unary ufuncs. Domains follow NumPy's loops: bool and integer inputs compute in
# floating point (float16 for 8 bits, float32 for 16, as NumPy picks), complex only where
# NumPy has a complex loop.
NUMPY_ONLY: tuple[OpSpec, ...] = (
    unary_float("cbrt", np.cbrt, "Cube root.", C.REAL, cuda=np_cuda.CBRT, since=NUMPY),
    unary_float(  # `round` keeps integers; NumPy's rint computes them in floating point
        "rint",
        np.rint,
        "Round to the nearest integer, halves to even, in floating point.",
        cuda=np_cuda.RINT,
        since=NUMPY,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary_float(
        "deg2rad",
        np.deg2rad,
        "Angle in degrees to radians.",
        C.REAL,
        cuda=np_cuda.DEG2RAD,
        numpy_aliases=("radians",),
        since=NUMPY,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary_float(
        "exp2", np.exp2, "Base-2 exponential, 2**x.", C.ANY, cuda=np_cuda.EXP2, since=NUMPY
    ),
    unary_float(
        "fabs",
        np.fabs,
        "Absolute value of a real x, as a float.",
        C.REAL,
        cuda=np_cuda.FABS,
        since=NUMPY,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary_float(
        "modf",
        np.modf,
        "Fractional and integral parts of x, both with the sign of x.",
        C.REAL,
        cuda=np_cuda.MODF,
        nout=2,
        since=NUMPY,
    ),
    unary(
        "frexp",
        np.frexp,
        C.REAL,
        "Mantissa in [0.5, 1) (with the sign of x) and int32 exponent e, x = mantissa * 2**e.",
        promotion=P.INT_TO_FLOAT,
        output_dtypes=(None, dt.int32),
        cuda=np_cuda.FREXP,
        nout=2,
        since=NUMPY,
    ),
    unary_float(
        "rad2deg",
        np.rad2deg,
        "Angle in radians to degrees.",
        C.REAL,
        cuda=np_cuda.RAD2DEG,
        numpy_aliases=("degrees",),
        since=NUMPY,
        props=frozenset({MEMORY_BOUND}),
    ),
    unary_float(
        "spacing",
        np.spacing,
        "Distance from x to the next float away from zero, signed like x.",
        C.REAL,
        cuda=np_cuda.SPACING,
        since=NUMPY,
    ),
    unary(
        "bitwise_count",
        np.bitwise_count,
        C.INTEGER,
        "Number of 1 bits in |x|, as uint8.",
        promotion=P.ALWAYS_UINT8,
        cuda=np_cuda.BITWISE_COUNT,
        since=NUMPY,
        numpy_bool=BOOL_LOOP,
    ),
)

UNARY = STANDARD + NUMPY_ONLY
