"""Test-side facts about each elementwise op (OpInfo style), kept out of the production table.

Every record names the NumPy reference, the dtypes the standard allows (written from the spec,
not read from xtensor's table), a tolerance, and the known differences from NumPy with the
reason for each: a mask function picking the elements where the spec and NumPy part ways.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from tests.oracle import ALL_DTYPES, COMPLEX_DTYPES, FLOAT_DTYPES, INT_DTYPES

BOOL = ("bool",)
INT = INT_DTYPES
REAL_FLOAT = FLOAT_DTYPES
REAL_NUMERIC = INT + REAL_FLOAT
NUMERIC = REAL_NUMERIC + COMPLEX_DTYPES
REAL = BOOL + REAL_NUMERIC  # the standard's "real-valued" plus bool, as NumPy accepts
INT_OR_BOOL = BOOL + INT


@dataclass(frozen=True)
class Difference:
    """Elements where xtensor follows the spec and NumPy does not; `mask(*inputs)`."""

    reason: str
    mask: Callable


@dataclass(frozen=True)
class OpInfo:
    name: str
    ref: Callable
    nin: int
    dtypes: tuple
    float_math: bool = False  # integer inputs compute in float (float32 up to 16 bits)
    tolerance: float = 0.0  # extra relative tolerance for transcendental results
    differences: tuple = field(default=())


def _nonfinite_complex(x, *_):
    x = np.asarray(x)
    return ~np.isfinite(x) if x.dtype.kind == "c" else np.zeros(x.shape, bool)


def _nan_part_complex(x, *_):
    x = np.asarray(x)
    return np.isnan(x) if x.dtype.kind == "c" else np.zeros(x.shape, bool)


def _any_infinite(x1, x2):
    return np.isinf(np.asarray(x1)) | np.isinf(np.asarray(x2))


FLOOR_DIVIDE_INF = Difference(
    "spec: floor_divide with an infinite operand is floor(x1 / x2); NumPy pairs it with "
    "remainder and gives NaN or -1.0",
    _any_infinite,
)
EXPM1_COMPLEX = Difference(
    "spec lists exp(x) - 1 limits for non-finite complex x; NumPy gives NaN + NaN j",
    _nonfinite_complex,
)
SIGN_COMPLEX = Difference(
    "spec: a NaN part gives NaN + NaN j; NumPy gives ±1 when the other part is infinite",
    _nan_part_complex,
)
POW_HALF = Difference(
    "spec pow clauses for (-inf) ** 0.5 and (-0) ** 0.5; NumPy computes a broadcast 0.5 "
    "exponent as sqrt",
    lambda x1, x2: (
        (np.asarray(x2) == 0.5) & (np.asarray(x1) == -np.inf)
        | (np.asarray(x2) == 0.5) & (np.asarray(x1) == 0)
    ),
)

_TRANSCENDENTAL = 4e-6  # a few ulp of float32; NumPy's SIMD and scalar paths differ by that


def _unary_float(name, ref=None, dtypes=NUMERIC, **kw):
    return OpInfo(
        name, ref or getattr(np, name), 1, dtypes, float_math=True, tolerance=_TRANSCENDENTAL, **kw
    )


def _binary(name, ref=None, dtypes=NUMERIC, **kw):
    return OpInfo(name, ref or getattr(np, name), 2, dtypes, **kw)


OPINFOS = (
    _unary_float("acos", np.arccos),
    _unary_float("acosh", np.arccosh),
    _unary_float("asin", np.arcsin),
    _unary_float("asinh", np.arcsinh),
    _unary_float("atan", np.arctan),
    _unary_float("atanh", np.arctanh),
    _unary_float("cos"),
    _unary_float("cosh"),
    _unary_float("exp"),
    _unary_float("expm1", differences=(EXPM1_COMPLEX,)),
    _unary_float("log"),
    _unary_float("log1p"),
    _unary_float("log2"),
    _unary_float("log10"),
    OpInfo("reciprocal", np.reciprocal, 1, NUMERIC, tolerance=_TRANSCENDENTAL),  # ints: NumPy's
    _unary_float("sin"),
    _unary_float("sinh"),
    _unary_float("sqrt"),
    _unary_float("tan"),
    _unary_float("tanh"),
    OpInfo("abs", np.abs, 1, NUMERIC, tolerance=1e-15),
    OpInfo("bitwise_invert", np.invert, 1, INT_OR_BOOL),
    OpInfo("ceil", np.ceil, 1, REAL_NUMERIC),
    OpInfo("floor", np.floor, 1, REAL_NUMERIC),
    OpInfo("trunc", np.trunc, 1, REAL_NUMERIC),
    OpInfo("round", np.round, 1, NUMERIC),
    OpInfo("conj", np.conj, 1, NUMERIC),
    OpInfo("real", np.real, 1, NUMERIC),
    OpInfo("imag", np.imag, 1, NUMERIC),
    OpInfo("isfinite", np.isfinite, 1, NUMERIC),
    OpInfo("isinf", np.isinf, 1, NUMERIC),
    OpInfo("isnan", np.isnan, 1, NUMERIC),
    OpInfo("logical_not", np.logical_not, 1, BOOL),
    OpInfo("negative", np.negative, 1, NUMERIC),
    OpInfo("positive", np.positive, 1, NUMERIC),
    OpInfo("sign", np.sign, 1, NUMERIC, tolerance=1e-15, differences=(SIGN_COMPLEX,)),
    OpInfo("signbit", np.signbit, 1, REAL_FLOAT),
    OpInfo("square", np.square, 1, NUMERIC),
    _binary("add"),
    _binary("subtract"),
    _binary("multiply"),
    _binary("atan2", np.arctan2, REAL_FLOAT, float_math=True, tolerance=_TRANSCENDENTAL),
    _binary("copysign", dtypes=REAL_FLOAT, float_math=True),
    _binary("divide", tolerance=1e-15),
    _binary("floor_divide", dtypes=REAL_NUMERIC, differences=(FLOOR_DIVIDE_INF,)),
    _binary("hypot", dtypes=REAL_FLOAT, float_math=True, tolerance=1e-15),
    _binary("logaddexp", dtypes=REAL_FLOAT, float_math=True, tolerance=_TRANSCENDENTAL),
    _binary("maximum", dtypes=REAL_NUMERIC),
    _binary("minimum", dtypes=REAL_NUMERIC),
    _binary("nextafter", dtypes=REAL_FLOAT),
    _binary("pow", np.power, tolerance=_TRANSCENDENTAL, differences=(POW_HALF,)),
    _binary("remainder", dtypes=REAL_NUMERIC),
    _binary("bitwise_and", dtypes=INT_OR_BOOL),
    _binary("bitwise_or", dtypes=INT_OR_BOOL),
    _binary("bitwise_xor", dtypes=INT_OR_BOOL),
    _binary("bitwise_left_shift", np.left_shift, INT),
    _binary("bitwise_right_shift", np.right_shift, INT),
    _binary("equal", dtypes=ALL_DTYPES),
    _binary("not_equal", dtypes=ALL_DTYPES),
    _binary("greater", dtypes=REAL_NUMERIC),
    _binary("greater_equal", dtypes=REAL_NUMERIC),
    _binary("less", dtypes=REAL_NUMERIC),
    _binary("less_equal", dtypes=REAL_NUMERIC),
    _binary("logical_and", dtypes=BOOL),
    _binary("logical_or", dtypes=BOOL),
    _binary("logical_xor", dtypes=BOOL),
    OpInfo("clip", np.clip, 3, REAL_NUMERIC),
)

BY_NAME = {info.name: info for info in OPINFOS}


def float_dtype_for(dtype: str) -> str:
    """The dtype a float-math op computes in for input `dtype`, as NumPy's loop search picks it
    (float16 for 8-bit inputs, float32 for 16-bit ones)."""
    if dtype in ("bool", "int8", "uint8"):
        return "float16"
    if dtype in ("int16", "uint16"):
        return "float32"
    if np.dtype(dtype).kind in "iu":
        return "float64"
    return dtype
