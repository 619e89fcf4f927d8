"""The standard's special cases for elementwise functions, written out as data.

One string per clause of the spec's "Special cases" lists (2025.12), in a small notation read by
`expand()`:  "inputs -> result". Inputs are comma-separated tokens; a token is a value or a class
of values (`CLASSES`) that expands to representative samples. For complex functions the inputs
are `a, b` (real and imaginary part) and the result is `re, im`.

Result tokens: a number, `nan`, `+nan`/`-nan` (NaN with that sign bit), `pi/2`-style constants
(compared with a tolerance); a zero written without a sign may have either sign, as in the
spec's "0 + 0j"; `x`, `x1`, `x2`, `|x1|`, `-|x1|`, `|x2|`, `|a|`, `|b|` (the input
itself), `True`/`False`; a leading `?` means the sign is unspecified by the standard.
Clauses whose result the spec leaves wholly implementation-defined are left out.
"""

from __future__ import annotations

import itertools
import math

INF, NAN = math.inf, math.nan

CLASSES = {
    "pos": (0.5, 3.0),  # positive finite
    "neg": (-0.5, -3.0),  # negative finite
    "fin": (0.0, -0.0, 1.5, -2.5),  # finite, zeros included
    "nzf": (1.5, -2.5),  # nonzero finite
    "nzfpos": (1.5, 2.5),  # nonzero finite, for clauses written for b > 0
    ">0": (0.5, 3.0, INF),
    "<0": (-0.5, -3.0, -INF),
    ">1": (1.5, INF),
    "<-1": (-1.5, -INF),
    "<1": (0.5, -0.5, -1.5, -INF),  # less than 1
    "±0": (0.0, -0.0),
    "±inf": (INF, -INF),
    "any": (NAN, INF, -INF, 0.0, -0.0, 1.5, -2.5),
    "notnan": (INF, -INF, 0.0, -0.0, 1.5, -2.5),
    "finornan": (0.0, -0.0, 1.5, -2.5, NAN),
    "!1": (NAN, INF, -INF, 0.0, 0.5, -1.0, 2.5),
    "!0": (NAN, INF, -INF, 0.5, -2.5),
    "|>1|": (1.5, -1.5, 3.0),
    "|<1|": (0.5, -0.5, 0.0, -0.0),
    "|1|": (1.0, -1.0),
    "+odd": (1.0, 3.0),
    "+nonodd": (2.0, 0.5, INF),
    "-odd": (-1.0, -3.0),
    "-nonodd": (-2.0, -0.5, -INF),
    "nonint": (0.5, -1.5),
    "int": (2.0, -3.0, 0.0, -0.0),  # already integer-valued
    "+nan": (NAN,),
    "-nan": (-NAN,),
}

# --- real-valued unary: "x -> result" -------------------------------------------------------
_LOG_LIKE = ["nan -> nan", "<0 -> nan", "±0 -> -inf", "1 -> +0", "+inf -> +inf"]
_ROUNDING = ["int -> x", "+inf -> +inf", "-inf -> -inf", "+0 -> +0", "-0 -> -0", "nan -> nan"]

UNARY_REAL = {
    "abs": ["nan -> nan", "-0 -> +0", "-inf -> +inf"],
    "acos": ["nan -> nan", ">1 -> nan", "<-1 -> nan", "1 -> +0"],
    "acosh": ["nan -> nan", "<1 -> nan", "1 -> +0", "+inf -> +inf"],
    "asin": ["nan -> nan", ">1 -> nan", "<-1 -> nan", "+0 -> +0", "-0 -> -0"],
    "asinh": ["nan -> nan", "+0 -> +0", "-0 -> -0", "+inf -> +inf", "-inf -> -inf"],
    "atan": ["nan -> nan", "+0 -> +0", "-0 -> -0", "+inf -> pi/2", "-inf -> -pi/2"],
    "atanh": [
        "nan -> nan",
        "<-1 -> nan",
        ">1 -> nan",
        "-1 -> -inf",
        "1 -> +inf",
        "+0 -> +0",
        "-0 -> -0",
    ],
    "ceil": _ROUNDING,
    "cos": ["nan -> nan", "+0 -> 1", "-0 -> 1", "±inf -> nan"],
    "cosh": ["nan -> nan", "+0 -> 1", "-0 -> 1", "+inf -> +inf", "-inf -> +inf"],
    "exp": ["nan -> nan", "+0 -> 1", "-0 -> 1", "+inf -> +inf", "-inf -> +0"],
    "expm1": ["nan -> nan", "+0 -> +0", "-0 -> -0", "+inf -> +inf", "-inf -> -1"],
    "floor": _ROUNDING,
    "isfinite": ["±inf -> False", "nan -> False", "fin -> True"],
    "isinf": ["±inf -> True", "finornan -> False"],
    "isnan": ["nan -> True", "notnan -> False"],
    "log": _LOG_LIKE,
    "log1p": ["nan -> nan", "<-1 -> nan", "-1 -> -inf", "-0 -> -0", "+0 -> +0", "+inf -> +inf"],
    "log2": _LOG_LIKE,
    "log10": _LOG_LIKE,
    "reciprocal": [
        "nan -> nan",
        "+0 -> +inf",
        "-0 -> -inf",
        "+inf -> +0",
        "-inf -> -0",
        "2 -> 0.5",
        "-4 -> -0.25",
    ],
    "round": _ROUNDING + ["2.5 -> 2", "-0.5 -> -0", "3.5 -> 4"],
    "sign": ["neg -> -1", "<0 -> -1", "±0 -> 0", "pos -> 1", ">0 -> 1", "nan -> nan"],
    "signbit": [
        "+0 -> False",
        "-0 -> True",
        "+inf -> False",
        "-inf -> True",
        "pos -> False",
        "neg -> True",
        "+nan -> False",
        "-nan -> True",
    ],
    "sin": ["nan -> nan", "+0 -> +0", "-0 -> -0", "±inf -> nan"],
    "sinh": ["nan -> nan", "+0 -> +0", "-0 -> -0", "+inf -> +inf", "-inf -> -inf"],
    "sqrt": ["nan -> nan", "<0 -> nan", "+0 -> +0", "-0 -> -0", "+inf -> +inf"],
    "square": ["nan -> nan", "±inf -> +inf", "±0 -> +0"],
    "tan": ["nan -> nan", "+0 -> +0", "-0 -> -0", "±inf -> nan"],
    "tanh": ["nan -> nan", "+0 -> +0", "-0 -> -0", "+inf -> 1", "-inf -> -1"],
    "trunc": _ROUNDING,
}

# --- real-valued binary: "x1, x2 -> result" -------------------------------------------------
_DIVISION = [
    "nan, any -> nan",
    "any, nan -> nan",
    "±inf, ±inf -> nan",
    "±0, ±0 -> nan",
    "+0, >0 -> +0",
    "-0, >0 -> -0",
    "+0, <0 -> -0",
    "-0, <0 -> +0",
    ">0, +0 -> +inf",
    ">0, -0 -> -inf",
    "<0, +0 -> -inf",
    "<0, -0 -> +inf",
    "+inf, pos -> +inf",
    "+inf, neg -> -inf",
    "-inf, pos -> -inf",
    "-inf, neg -> +inf",
    "pos, +inf -> +0",
    "pos, -inf -> -0",
    "neg, +inf -> -0",
    "neg, -inf -> +0",
]

BINARY_REAL = {
    "add": [
        "nan, any -> nan",
        "any, nan -> nan",
        "+inf, -inf -> nan",
        "-inf, +inf -> nan",
        "+inf, +inf -> +inf",
        "-inf, -inf -> -inf",
        "+inf, fin -> +inf",
        "-inf, fin -> -inf",
        "fin, +inf -> +inf",
        "fin, -inf -> -inf",
        "-0, -0 -> -0",
        "-0, +0 -> +0",
        "+0, -0 -> +0",
        "+0, +0 -> +0",
        "±0, nzf -> x2",
        "nzf, ±0 -> x1",
        "1.5, -1.5 -> +0",
    ],
    "atan2": [
        "nan, any -> nan",
        "any, nan -> nan",
        ">0, +0 -> pi/2",
        ">0, -0 -> pi/2",
        "+0, >0 -> +0",
        "+0, +0 -> +0",
        "+0, -0 -> pi",
        "+0, <0 -> pi",
        "-0, >0 -> -0",
        "-0, +0 -> -0",
        "-0, -0 -> -pi",
        "-0, <0 -> -pi",
        "<0, +0 -> -pi/2",
        "<0, -0 -> -pi/2",
        "pos, +inf -> +0",
        "pos, -inf -> pi",
        "neg, +inf -> -0",
        "neg, -inf -> -pi",
        "+inf, fin -> pi/2",
        "-inf, fin -> -pi/2",
        "+inf, +inf -> pi/4",
        "+inf, -inf -> 3pi/4",
        "-inf, +inf -> -pi/4",
        "-inf, -inf -> -3pi/4",
    ],
    "copysign": [
        "notnan, <0 -> -|x1|",
        "notnan, -0 -> -|x1|",
        "notnan, +0 -> |x1|",
        "notnan, >0 -> |x1|",
        "notnan, -nan -> -|x1|",
        "notnan, +nan -> |x1|",
        "nan, <0 -> -nan",
        "nan, -0 -> -nan",
        "nan, +0 -> +nan",
        "nan, >0 -> +nan",
        "nan, -nan -> -nan",
        "nan, +nan -> +nan",
    ],
    "divide": _DIVISION + ["3, 1.5 -> 2", "-3, -1.5 -> 2", "3, -1.5 -> -2"],
    "equal": [
        "nan, any -> False",
        "any, nan -> False",
        "+inf, +inf -> True",
        "-inf, -inf -> True",
        "-0, ±0 -> True",
        "+0, ±0 -> True",
        "1.5, 1.5 -> True",
        "1.5, 2.5 -> False",
        "+inf, -inf -> False",
    ],
    "floor_divide": _DIVISION
    + ["1.5, 2.5 -> +0", "-1.5, -2.5 -> +0", "1.5, -2.5 -> -1", "7, 2 -> 3", "-7, 2 -> -4"],
    "hypot": [
        "±inf, any -> +inf",
        "any, ±inf -> +inf",
        "±0, notnan -> |x2|",
        "notnan, ±0 -> |x1|",
        "finornan, nan -> nan",
        "nan, finornan -> nan",
    ],
    "logaddexp": [
        "nan, any -> nan",
        "any, nan -> nan",
        "+inf, notnan -> +inf",
        "notnan, +inf -> +inf",
    ],
    "maximum": ["nan, any -> nan", "any, nan -> nan"],
    "minimum": ["nan, any -> nan", "any, nan -> nan"],
    "multiply": [
        "nan, any -> nan",
        "any, nan -> nan",
        "±inf, ±0 -> nan",
        "±0, ±inf -> nan",
        "+inf, +inf -> +inf",
        "-inf, +inf -> -inf",
        "-inf, -inf -> +inf",
        "+inf, pos -> +inf",
        "+inf, neg -> -inf",
        "neg, -inf -> +inf",
        "-0, 1.5 -> -0",
        "-0, -1.5 -> +0",
    ],
    "nextafter": ["nan, any -> nan", "any, nan -> nan", "-0, +0 -> +0", "+0, -0 -> -0"],
    "not_equal": [
        "nan, any -> True",
        "any, nan -> True",
        "+inf, -inf -> True",
        "-inf, +inf -> True",
        "1.5, 2.5 -> True",
        "1.5, 1.5 -> False",
        "-0, +0 -> False",
        "+inf, +inf -> False",
    ],
    "pow": [
        "!1, nan -> nan",
        "any, +0 -> 1",
        "any, -0 -> 1",
        "nan, !0 -> nan",
        "|>1|, +inf -> +inf",
        "|>1|, -inf -> +0",
        "|1|, +inf -> 1",
        "|1|, -inf -> 1",
        "1, notnan -> 1",
        "|<1|, +inf -> +0",
        "|<1|, -inf -> +inf",
        "+inf, >0 -> +inf",
        "+inf, <0 -> +0",
        "-inf, +odd -> -inf",
        "-inf, +nonodd -> +inf",
        "-inf, -odd -> -0",
        "-inf, -nonodd -> +0",
        "+0, >0 -> +0",
        "+0, <0 -> +inf",
        "-0, +odd -> -0",
        "-0, +nonodd -> +0",
        "-0, -odd -> -inf",
        "-0, -nonodd -> +inf",
        "neg, nonint -> nan",
    ],
    "remainder": [
        "nan, any -> nan",
        "any, nan -> nan",
        "±inf, ±inf -> nan",
        "±0, ±0 -> nan",
        "+0, >0 -> +0",
        "-0, >0 -> +0",
        "+0, <0 -> -0",
        "-0, <0 -> -0",
        ">0, ±0 -> nan",
        "<0, ±0 -> nan",
        "±inf, nzf -> nan",
        "pos, +inf -> x1",
        "pos, -inf -> x2",
        "neg, +inf -> x2",
        "neg, -inf -> x1",
        "7, 3 -> 1",
        "-7, 3 -> 2",
        "7, -3 -> -2",
        "5.5, 2 -> 1.5",
    ],
    "subtract": [
        "nan, any -> nan",
        "+inf, +inf -> nan",
        "-inf, -inf -> nan",
        "+0, +0 -> +0",
        "-0, +0 -> -0",
        "+0, -0 -> +0",
        "1.5, 1.5 -> +0",
    ],
}

# --- complex unary: "a, b -> re, im" ----------------------------------------------------------
# Written as the spec lists them (b >= 0); conj and odd/even symmetry are tested separately.
UNARY_COMPLEX = {
    "abs": [
        "±inf, any -> +inf",
        "any, ±inf -> +inf",
        "±0, nzf -> |b|",
        "nzf, ±0 -> |a|",
        "nan, fin -> nan",
        "fin, nan -> nan",
        "nan, nan -> nan",
    ],
    "acos": [
        "±0, +0 -> pi/2, -0",
        "±0, nan -> pi/2, nan",
        "fin, +inf -> pi/2, -inf",
        "nzf, nan -> nan, nan",
        "-inf, pos -> pi, -inf",
        "+inf, pos -> +0, -inf",
        "-inf, +inf -> 3pi/4, -inf",
        "+inf, +inf -> pi/4, -inf",
        "±inf, nan -> nan, ?inf",
        "nan, fin -> nan, nan",
        "nan, +inf -> nan, -inf",
        "nan, nan -> nan, nan",
    ],
    "acosh": [
        "±0, +0 -> +0, pi/2",
        "fin, +inf -> +inf, pi/2",
        "nzf, nan -> nan, nan",
        "+0, nan -> nan, ?pi/2",
        "-inf, pos -> +inf, pi",
        "+inf, pos -> +inf, +0",
        "-inf, +inf -> +inf, 3pi/4",
        "+inf, +inf -> +inf, pi/4",
        "±inf, nan -> +inf, nan",
        "nan, fin -> nan, nan",
        "nan, +inf -> +inf, nan",
        "nan, nan -> nan, nan",
    ],
    "asinh": [
        "+0, +0 -> +0, +0",
        "pos, +inf -> +inf, pi/2",
        "fin, nan -> nan, nan",
        "+inf, pos -> +inf, +0",
        "+inf, +inf -> +inf, pi/4",
        "nan, +0 -> nan, +0",
        "nan, nzf -> nan, nan",
        "nan, +inf -> ?inf, nan",
        "nan, nan -> nan, nan",
    ],
    "atanh": [
        "+0, +0 -> +0, +0",
        "+0, nan -> +0, nan",
        "1, +0 -> +inf, +0",
        "pos, +inf -> +0, pi/2",
        "nzf, nan -> nan, nan",
        "+inf, pos -> +0, pi/2",
        "+inf, +inf -> +0, pi/2",
        "+inf, nan -> +0, nan",
        "nan, fin -> nan, nan",
        "nan, +inf -> ?0, pi/2",
        "nan, nan -> nan, nan",
    ],
    "cosh": [
        "+0, +0 -> 1, +0",
        "+0, +inf -> nan, ?0",
        "+0, nan -> nan, ?0",
        "nzf, +inf -> nan, nan",
        "nzf, nan -> nan, nan",
        "+inf, +0 -> +inf, +0",
        "+inf, 1 -> +inf, +inf",
        "+inf, 2.5 -> -inf, +inf",
        "+inf, +inf -> ?inf, nan",
        "+inf, nan -> +inf, nan",
        "nan, ±0 -> nan, ?0",
        "nan, nzf -> nan, nan",
        "nan, nan -> nan, nan",
    ],
    "exp": [
        "±0, +0 -> 1, +0",
        "fin, +inf -> nan, nan",
        "fin, nan -> nan, nan",
        "+inf, +0 -> +inf, +0",
        "-inf, 1 -> +0, +0",
        "-inf, 2.5 -> -0, +0",
        "-inf, -2.5 -> -0, -0",
        "+inf, 1 -> +inf, +inf",
        "+inf, 2.5 -> -inf, +inf",
        "-inf, +inf -> ?0, ?0",
        "+inf, +inf -> ?inf, nan",
        "-inf, nan -> ?0, ?0",
        "+inf, nan -> ?inf, nan",
        "nan, +0 -> nan, +0",
        "nan, !0 -> nan, nan",
        "nan, nan -> nan, nan",
    ],
    "expm1": [
        "±0, +0 -> +0, +0",
        "fin, +inf -> nan, nan",
        "fin, nan -> nan, nan",
        "+inf, +0 -> +inf, +0",
        "-inf, 1 -> -1, +0",
        "-inf, 2.5 -> -1, +0",
        "-inf, -2.5 -> -1, -0",
        "+inf, 1 -> +inf, +inf",
        "+inf, 2.5 -> -inf, +inf",
        "-inf, +inf -> -1, ?0",
        "+inf, +inf -> ?inf, nan",
        "-inf, nan -> -1, ?0",
        "+inf, nan -> ?inf, nan",
        "nan, +0 -> nan, +0",
        "nan, !0 -> nan, nan",
        "nan, nan -> nan, nan",
    ],
    "isfinite": [
        "nan, any -> False",
        "any, nan -> False",
        "±inf, any -> False",
        "any, ±inf -> False",
        "fin, fin -> True",
    ],
    "isinf": ["±inf, any -> True", "finornan, ±inf -> True", "finornan, finornan -> False"],
    "isnan": ["nan, any -> True", "any, nan -> True", "notnan, notnan -> False"],
    "log": [
        "-0, +0 -> -inf, pi",
        "+0, +0 -> -inf, +0",
        "fin, +inf -> +inf, pi/2",
        "fin, nan -> nan, nan",
        "-inf, pos -> +inf, pi",
        "+inf, pos -> +inf, +0",
        "-inf, +inf -> +inf, 3pi/4",
        "+inf, +inf -> +inf, pi/4",
        "±inf, nan -> +inf, nan",
        "nan, fin -> nan, nan",
        "nan, +inf -> +inf, nan",
        "nan, nan -> nan, nan",
    ],
    "log1p": [
        "-1, +0 -> -inf, +0",
        "fin, +inf -> +inf, pi/2",
        "fin, nan -> nan, nan",
        "-inf, pos -> +inf, pi",
        "+inf, pos -> +inf, +0",
        "-inf, +inf -> +inf, 3pi/4",
        "+inf, +inf -> +inf, pi/4",
        "±inf, nan -> +inf, nan",
        "nan, fin -> nan, nan",
        "nan, +inf -> +inf, nan",
        "nan, nan -> nan, nan",
    ],
    "sign": [
        "±0, ±0 -> 0, 0",
        "nan, any -> nan, nan",
        "any, nan -> nan, nan",
        "3, 4 -> 0.6, 0.8",
        "-2.5, +0 -> -1, +0",
        "+0, -2.5 -> +0, -1",
    ],
    "sinh": [
        "+0, +0 -> +0, +0",
        "+0, +inf -> ?0, nan",
        "+0, nan -> ?0, nan",
        "pos, +inf -> nan, nan",
        "pos, nan -> nan, nan",
        "+inf, +0 -> +inf, +0",
        "+inf, 1 -> +inf, +inf",
        "+inf, 2.5 -> -inf, +inf",
        "+inf, +inf -> ?inf, nan",
        "+inf, nan -> ?inf, nan",
        "nan, +0 -> nan, +0",
        "nan, nzf -> nan, nan",
        "nan, nan -> nan, nan",
    ],
    "sqrt": [
        "±0, +0 -> +0, +0",
        "any, +inf -> +inf, +inf",
        "fin, nan -> nan, nan",
        "-inf, pos -> +0, +inf",
        "+inf, pos -> +inf, +0",
        "-inf, nan -> nan, ?inf",
        "+inf, nan -> +inf, nan",
        "nan, fin -> nan, nan",
        "nan, nan -> nan, nan",
    ],
    "tanh": [
        "+0, +0 -> +0, +0",
        "nzf, +inf -> nan, nan",
        "+0, +inf -> +0, nan",
        "nzf, nan -> nan, nan",
        "+0, nan -> +0, nan",
        "+inf, pos -> 1, 0",
        "+inf, +inf -> 1, ?0",
        "+inf, nan -> 1, ?0",
        "nan, +0 -> nan, +0",
        "nan, nzf -> nan, nan",
        "nan, +inf -> nan, nan",
        "nan, nan -> nan, nan",
    ],
}

# Functions the spec defines "as if" through another one: f(z) == outer(g(inner(z))).
# `mul_i` is z*1j and `mul_neg_i` is -1j*z, both done componentwise (no NaN from 0*inf).
AS_IF = {"asin": "asinh", "atan": "atanh", "sin": "sinh", "tan": "tanh", "cos": "cosh"}

# Identities the spec states in notes: sinh and tanh are odd, cosh even, for all operands;
# all three commute with conj for complex operands.
ODD = ("sinh", "tanh")
EVEN = ("cosh",)
CONJ_SYMMETRIC = ("cosh", "sinh", "tanh")

_CONSTANTS = {"pi": math.pi, "pi/2": math.pi / 2, "pi/4": math.pi / 4, "3pi/4": 3 * math.pi / 4}


def value(token: str):
    """The float for a single-value token, or None when the token is not one."""
    t = token.lstrip("?")
    sign = -1.0 if t.startswith("-") else 1.0
    t = t[1:] if t[:1] in "+-" else t
    if t in _CONSTANTS:
        return sign * _CONSTANTS[t]
    if t == "inf":
        return sign * INF
    if t == "nan":
        return math.copysign(NAN, sign)
    try:
        return sign * float(t)
    except ValueError:
        return None


def samples(token: str) -> tuple:
    if token in CLASSES:
        return CLASSES[token]
    v = value(token)
    if v is None:
        raise ValueError(f"special_case_data: unknown token {token!r}")
    return (v,)


def expand(table: dict):
    """Yield (function, clause, input values, result tokens) for every sample of every clause."""
    for name, clauses in table.items():
        for clause in clauses:
            lhs, rhs = (s.strip() for s in clause.split("->"))
            ins = [samples(t.strip()) for t in lhs.split(",")]
            out = tuple(t.strip() for t in rhs.split(","))
            for combo in itertools.product(*ins):
                yield name, clause, combo, out
