"""The op table's binary (and one ternary) records: the standard's arithmetic, bitwise,
comparison and logical functions and `clip`, then NumPy's binary ufuncs that the standard lacks
(`since=NUMPY`). Every field is explained on `OpSpec`."""

from __future__ import annotations

import numpy as np

from . import cuda
from . import special_cases as sc
from .cuda import numpy_only as np_cuda
from .spec import NUMPY, OpSpec, binary, comparison, dunders
from .spec import Category as C
from .spec import Promotion as P

STANDARD: tuple[OpSpec, ...] = (
    # --- binary arithmetic ---
    binary(
        "add",
        np.add,
        C.NUMERIC,
        "Sum, x1 + x2.",
        cuda=cuda.ADD,
        dunders=dunders("add"),
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
        dunders=dunders("truediv"),
        numpy_aliases=("true_divide",),
    ),
    binary(
        "floor_divide",
        np.floor_divide,
        C.REAL_NUMERIC,
        "Floor of x1 / x2.",
        cuda=cuda.FLOOR_DIVIDE,
        fixup=sc.floor_divide,
        dunders=dunders("floordiv"),
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
        dunders=dunders("mul"),
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
        dunders=dunders("pow"),
        numpy_aliases=("power",),
    ),
    binary(
        "remainder",
        np.remainder,
        C.REAL_NUMERIC,
        "Remainder with the sign of x2.",
        cuda=cuda.REMAINDER,
        dunders=dunders("mod"),
        numpy_aliases=("mod",),
    ),
    binary(
        "subtract",
        np.subtract,
        C.NUMERIC,
        "Difference, x1 - x2.",
        cuda=cuda.SUBTRACT,
        dunders=dunders("sub"),
    ),
    # --- bitwise ---
    binary(
        "bitwise_and",
        np.bitwise_and,
        C.INTEGER_OR_BOOL,
        "Bitwise AND.",
        cuda=cuda.BITWISE_AND,
        dunders=dunders("and"),
        identity=-1,
    ),
    binary(
        "bitwise_left_shift",
        np.left_shift,
        C.INTEGER,
        "Shift x1's bits left by x2.",
        cuda=cuda.BITWISE_LEFT_SHIFT,
        dunders=dunders("lshift"),
        numpy_aliases=("left_shift",),
    ),
    binary(
        "bitwise_or",
        np.bitwise_or,
        C.INTEGER_OR_BOOL,
        "Bitwise OR.",
        cuda=cuda.BITWISE_OR,
        dunders=dunders("or"),
        identity=0,
    ),
    binary(
        "bitwise_right_shift",
        np.right_shift,
        C.INTEGER,
        "Shift x1's bits right by x2.",
        cuda=cuda.BITWISE_RIGHT_SHIFT,
        dunders=dunders("rshift"),
        numpy_aliases=("right_shift",),
    ),
    binary(
        "bitwise_xor",
        np.bitwise_xor,
        C.INTEGER_OR_BOOL,
        "Bitwise XOR.",
        cuda=cuda.BITWISE_XOR,
        dunders=dunders("xor"),
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

# NumPy's own binary ufuncs. Where NumPy computes bool inputs in int8 (fmod, gcd, lcm), bool is
# left out of the domain, as for the standard's remainder: a TypeError rather than a dtype that
# differs from NumPy's.
NUMPY_ONLY: tuple[OpSpec, ...] = (
    binary(
        "divmod",
        np.divmod,
        C.REAL_NUMERIC,
        "Floor quotient and remainder, (x1 // x2, x1 % x2), as NumPy computes them.",
        cuda=np_cuda.DIVMOD,
        nout=2,
        since=NUMPY,
    ),
    binary(
        "fmax",
        np.fmax,
        C.ANY,
        "Elementwise maximum; a NaN loses to a number.",
        cuda=np_cuda.FMAX,
        props=frozenset({"commutative"}),
        since=NUMPY,
    ),
    binary(
        "fmin",
        np.fmin,
        C.ANY,
        "Elementwise minimum; a NaN loses to a number.",
        cuda=np_cuda.FMIN,
        props=frozenset({"commutative"}),
        since=NUMPY,
    ),
    binary(
        "fmod",
        np.fmod,
        C.REAL_NUMERIC,
        "Remainder of truncated division, with the sign of x1 (C's fmod).",
        cuda=np_cuda.FMOD,
        since=NUMPY,
    ),
    binary(
        "gcd",
        np.gcd,
        C.INTEGER,
        "Greatest common divisor of |x1| and |x2|.",
        cuda=np_cuda.GCD,
        props=frozenset({"commutative", "associative"}),
        since=NUMPY,
        identity=0,
    ),
    binary(
        "heaviside",
        np.heaviside,
        C.REAL,
        "Heaviside step: 0 for x1 < 0, x2 for x1 == 0, 1 for x1 > 0.",
        promotion=P.INT_TO_FLOAT,
        cuda=np_cuda.HEAVISIDE,
        since=NUMPY,
    ),
    binary(
        "lcm",
        np.lcm,
        C.INTEGER,
        "Least common multiple of |x1| and |x2|.",
        cuda=np_cuda.LCM,
        props=frozenset({"commutative"}),
        since=NUMPY,
    ),
    binary(
        "logaddexp2",
        np.logaddexp2,
        C.REAL,
        "log2(2**x1 + 2**x2).",
        promotion=P.INT_TO_FLOAT,
        cuda=np_cuda.LOGADDEXP2,
        props=frozenset({"commutative"}),
        since=NUMPY,
    ),
)

BINARY = STANDARD + NUMPY_ONLY
